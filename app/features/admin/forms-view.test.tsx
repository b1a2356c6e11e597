// @vitest-environment jsdom
import { act, useEffect } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import type { FormsActionResult } from "./forms-admin.server";
import { FormsView } from "./forms-view";

afterEach(() => {
  unmountHydrated();
  delete document.documentElement.dataset.hydrated;
});

/** What root.tsx's HydratedBehaviour does: marks the page hydrated in an effect after the page's own. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

const CREATED: FormsActionResult = { ok: true, key: "newsletter", message: "Created the form newsletter.", created: true };

describe("the console's New form editor", () => {
  it("keeps what was typed before hydration on a page that arrived with a create's answer", async () => {
    const Page = createRoutesStub([
      {
        path: "/admin/forms",
        Component: () => (
          <>
            <FormsView forms={[]} deliveries={{}} answer={CREATED} origin="http://localhost:3000" />
            <MarkHydrated />
          </>
        ),
      },
    ]);
    const key = () => document.querySelector<HTMLInputElement>('input[name="key"]')!;
    hydrateServerMarkup(<Page initialEntries={["/admin/forms"]} />, () => {
      key().value = "second-form";
    });
    await act(async () => {});
    await act(async () => {});
    expect(document.documentElement.dataset.hydrated).toBe("true");
    expect(key().value).toBe("second-form");
  });
});
