// @vitest-environment jsdom
import { act } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShownFlash } from "~/shared/lib/flash";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import { FlashBanner } from "./flash-banner";

const WELCOME: ShownFlash = { kind: "signed-in", name: "Asha", text: "Welcome back, Asha!" };
const scrolled = vi.fn();

beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  unmountHydrated();
  delete document.documentElement.dataset.hydrated;
});

const page = (flash: ShownFlash | null) => {
  const Page = createRoutesStub([{ path: "/", Component: () => <FlashBanner flash={flash} /> }]);
  return <Page />;
};

describe("FlashBanner", () => {
  it("does not scroll to a banner the page arrived with when the page hydrates (the visitor may be reading further down)", async () => {
    hydrateServerMarkup(page(WELCOME));
    await act(async () => {});
    expect(document.querySelector("[data-testid=flash]")?.textContent).toContain("Welcome back, Asha!");
    expect(scrolled).not.toHaveBeenCalled();
  });

  it("brings a banner into view that a client navigation brought", async () => {
    const { root } = hydrateServerMarkup(page(null));
    await act(async () => {});
    document.documentElement.dataset.hydrated = "";
    await act(async () => root.render(page(WELCOME)));
    expect(document.querySelector("[data-testid=flash]")?.textContent).toContain("Welcome back, Asha!");
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
