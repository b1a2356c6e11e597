import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { DEV_TOOLS_CHECK_MS, DEV_TOOLS_THRESHOLD_PX, isBlockedShortcut } from "./dev-tools-guard";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("the developer-tools guard (spec section 8)", () => {
  it("blocks F12, Ctrl+I/U/S and Ctrl+Shift+I, and nothing else", () => {
    expect(isBlockedShortcut(key("F12"))).toBe(true);
    for (const k of ["i", "u", "s", "I", "U", "S"]) expect(isBlockedShortcut(key(k, { ctrlKey: true }))).toBe(true);
    expect(isBlockedShortcut(key("I", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key("c", { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key("i"))).toBe(false);
    expect(isBlockedShortcut(key("I", { shiftKey: true }))).toBe(false); // typing a capital I
  });

  it("checks every second against a 200 px threshold, and is off unless configured", () => {
    expect(DEV_TOOLS_CHECK_MS).toBe(1000);
    expect(DEV_TOOLS_THRESHOLD_PX).toBe(200);
    expect(site.devToolsGuard).toBe(false);
  });
});
