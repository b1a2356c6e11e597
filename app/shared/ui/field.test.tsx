// @vitest-environment jsdom
import { act, createContext, useContext } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { boot } from "~/client/boot";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import { PasswordField, TextArea } from "./field";

// The boot script's listeners on the document, as in a page (the switch is its).
beforeAll(() =>
  boot({
    theme: { storageKey: "theme", inputName: "theme", changeEvent: "theme-change" },
    language: { cookie: "tuesday.lang", attributes: "; path=/", locales: ["en", "hi"] },
    overlay: { ms: 1400, storageKey: "overlay", skipPrefix: "/api/" },
    idempotencyField: "_idempotency_key",
  }),
);
afterEach(unmountHydrated);

/** The field in a page of its own (its words come from the router's matches), given a value by the test: a new one renders it again. */
const Given = createContext<string | undefined>(undefined);
const Page = createRoutesStub([{ path: "/", Component: () => <PasswordField id="pw" name="password" label="New password" error={useContext(Given)} /> }]);
const field = (error?: string) => (
  <Given.Provider value={error}>
    <Page />
  </Given.Provider>
);
const input = () => document.getElementById("pw") as HTMLInputElement;
const toggle = () => document.querySelector<HTMLButtonElement>("button[data-password-toggle]")!;
/** What the visitor sees: the field's type, and what the switch says. */
const state = () => [input().type, toggle().getAttribute("aria-pressed"), toggle().getAttribute("aria-label")];
const SHOWN = ["text", "true", "Hide password"];
const HIDDEN = ["password", "false", "Show password"];

describe("PasswordField's show/hide switch on a page React hydrates", () => {
  it("keeps a password shown before the scripts through hydration and a later render", async () => {
    const { root } = hydrateServerMarkup(field(), () => toggle().click());
    expect(state()).toEqual(SHOWN);
    await act(async () => {});
    expect(state()).toEqual(SHOWN);
    // An error appearing renders the input again.
    await act(async () => root.render(field("Too short")));
    expect(state()).toEqual(SHOWN);
  });

  it("keeps a press during hydration", async () => {
    const { root } = hydrateServerMarkup(field());
    toggle().click();
    await act(async () => {});
    expect(state()).toEqual(SHOWN);
    await act(async () => root.render(field("Too short")));
    expect(state()).toEqual(SHOWN);
  });

  it("shows and hides once hydrated, and a render keeps each", async () => {
    const { root } = hydrateServerMarkup(field());
    await act(async () => {});
    await act(async () => toggle().click());
    await act(async () => root.render(field("Too short")));
    expect(state()).toEqual(SHOWN);
    await act(async () => toggle().click());
    await act(async () => root.render(field()));
    expect(state()).toEqual(HIDDEN);
  });
});

describe("TextArea on a page React hydrates", () => {
  // Its default is the page's own text; the test gives it an error, so a new one renders it again.
  const About = createRoutesStub([
    { path: "/", Component: () => <TextArea id="about" name="about" label="About" defaultValue="My old about text" error={useContext(Given)} /> },
  ]);
  const about = (error?: string) => (
    <Given.Provider value={error}>
      <About />
    </Given.Provider>
  );
  const box = () => document.getElementById("about") as HTMLTextAreaElement;

  it("keeps a change typed into a text that was there before the scripts", async () => {
    const { root } = hydrateServerMarkup(about(), () => {
      box().value = "My new about text";
    });
    await act(async () => {});
    expect(box().value).toBe("My new about text");
    // What a form's reset brings back is still the page's own text, through later renders too.
    expect(box().defaultValue).toBe("My old about text");
    await act(async () => root.render(about("Too long")));
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect([box().value, box().defaultValue]).toEqual(["My new about text", "My old about text"]);
  });
});
