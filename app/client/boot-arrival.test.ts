// @vitest-environment jsdom
/**
 * The boot script on a page a press arrived at (its own file: boot runs once
 * a document, and this is what it does as it starts).
 */
import { expect, test } from "vitest";
import { boot } from "./boot";
import { TEST_BOOT_CONFIG as CONFIG } from "./boot-test-config";

test("the overlay the press put up is held on arrival, whole (no second fade-in), until its 1.4 s are over", async () => {
  sessionStorage.setItem("overlay", String(Date.now() + 150));
  boot(CONFIG);
  expect(document.documentElement.dataset.navigating).toBe("held");
  expect(sessionStorage.getItem("overlay")).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(document.documentElement.dataset.navigating).toBeUndefined();
});
