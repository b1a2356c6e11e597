// @vitest-environment jsdom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import { OnceHydrated } from "./once-hydrated";

afterEach(unmountHydrated);

const control = (
  <OnceHydrated meanwhile={<p>Adding a passkey needs JavaScript.</p>}>
    <button type="button">Add a passkey</button>
  </OnceHydrated>
);

describe("OnceHydrated", () => {
  it("serves the control in its place but invisible, with what to do meanwhile in the same cell", () => {
    const box = document.createElement("div");
    box.innerHTML = renderToString(control);
    const button = box.querySelector("button")!;
    expect(button.parentElement!.className).toContain("invisible");
    expect(box.textContent).toContain("Adding a passkey needs JavaScript.");
    // Both in one grid cell: the control's height is kept while the words show.
    expect([...box.firstElementChild!.children].map((cell) => cell.className.includes("col-start-1 row-start-1"))).toEqual([true, true]);
  });

  it("shows the same control once hydrated, and the words go", async () => {
    const { container } = hydrateServerMarkup(control);
    const served = container.querySelector("button");
    await act(async () => {});
    expect(container.querySelector("button")).toBe(served);
    expect(served!.parentElement!.className).not.toContain("invisible");
    expect(container.textContent).not.toContain("needs JavaScript");
  });
});
