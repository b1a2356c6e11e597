// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startMenuKeys } from "./menu-keys";

/** The account menu as the header draws it: a popover of a link and a form's button, after its button. */
function menu() {
  document.body.innerHTML = `
    <button id="opener" popovertarget="user-menu">Asha</button>
    <div id="user-menu" popover="auto" role="menu">
      <p>asha@example.com</p>
      <a role="menuitem" href="/profile">View Profile</a>
      <form method="post" action="/auth/sign-out"><button role="menuitem">Sign Out</button></form>
    </div>
    <a id="after" href="/pricing">Pricing</a>`;
  const panel = document.getElementById("user-menu")!;
  const hide = vi.fn();
  Object.assign(panel, { hidePopover: hide });
  const [profile, signOut] = [...panel.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  return { panel, hide, profile: profile!, signOut: signOut! };
}
const key = (target: Element, k: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

// One document, one start: listeners on it stay for every case, as on a page.
startMenuKeys(document);

describe("the popover menus' keyboard", () => {
  beforeEach(() => {
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((run) => (run(0), 0));
  });
  afterEach(() => vi.restoreAllMocks());

  it("focuses the first item when the menu opens", () => {
    const { panel, profile } = menu();
    panel.dispatchEvent(Object.assign(new Event("toggle"), { newState: "open" }));
    expect(document.activeElement).toBe(profile);
  });

  it("moves between items with the arrows, round the ends, and Home/End", () => {
    const { profile, signOut } = menu();
    profile.focus();
    key(profile, "ArrowDown");
    expect(document.activeElement).toBe(signOut);
    key(signOut, "ArrowDown");
    expect(document.activeElement).toBe(profile);
    key(profile, "ArrowUp");
    expect(document.activeElement).toBe(signOut);
    key(signOut, "Home");
    expect(document.activeElement).toBe(profile);
    key(profile, "End");
    expect(document.activeElement).toBe(signOut);
  });

  it("closes on Tab from any item: the arrows move inside it, Tab leaves it", () => {
    const { hide, profile } = menu();
    profile.focus();
    key(profile, "Tab");
    expect(hide).toHaveBeenCalledOnce();
  });

  it("closes when the focus moves out of it, not while it moves inside", () => {
    const { hide, profile, signOut } = menu();
    profile.focus();
    signOut.focus();
    expect(hide).not.toHaveBeenCalled();
    document.getElementById("after")!.focus();
    expect(hide).toHaveBeenCalledOnce();
  });

  it("stays open for its own button, whose press toggles it (closed here, the press would open it again)", () => {
    const { hide, profile } = menu();
    profile.focus();
    document.getElementById("opener")!.focus();
    expect(hide).not.toHaveBeenCalled();
  });
});
