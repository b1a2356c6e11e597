// @vitest-environment jsdom
/**
 * The boot script on a page a press arrived at (its own file: boot runs once
 * a document, and this is what it does as it starts).
 */
import { afterEach, expect, test, vi } from "vitest";
import { boot } from "./boot";
import { TEST_BOOT_CONFIG as CONFIG } from "./boot-test-config";

afterEach(() => {
  vi.useRealTimers();
});

test("the overlay the press put up is held on arrival, whole (no second fade-in), until its 1.4 s are over", () => {
  vi.useFakeTimers();
  sessionStorage.setItem("overlay", String(Date.now() + 150));
  boot(CONFIG);
  expect(document.documentElement.dataset.navigating).toBe("held");
  expect(sessionStorage.getItem("overlay")).toBeNull();
  // A timer may fire a millisecond before Date.now() reaches its time (Node's and browsers' clocks
  // differ): the overlay still goes, rather than staying for good (CI saw it stay, once).
  vi.setSystemTime(Date.now() - 1);
  vi.advanceTimersByTime(149);
  expect(document.documentElement.dataset.navigating).toBe("held");
  vi.advanceTimersByTime(1);
  expect(document.documentElement.dataset.navigating).toBeUndefined();
});
