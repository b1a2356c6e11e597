import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "../../app/features/layout/not-found-view";
import { expect, open, PAGES, test } from "./fixtures";

test.describe("every route of the spec", () => {
  for (const { path, heading } of PAGES) {
    test(`${path} renders its heading, title and description`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Tuesday AI/);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(40);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("© 2024 Tuesday AI. All rights reserved.");
    });
  }

  test("/ and /home show the same home screen", async ({ page }) => {
    await open(page, "/home");
    const home = await page.locator("main").innerText();
    await open(page, "/");
    expect(await page.locator("main").innerText()).toBe(home);
  });
});

test.describe("unknown paths", () => {
  test("answer 404 with the not-found view's exact texts", async ({ page }) => {
    const response = await open(page, "/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    expect(NOT_FOUND_TITLE).toBe("Oops! That page can't be found.");
    expect(NOT_FOUND_TEXT).toBe(
      "It looks like nothing was found at this location. Maybe try one of the links in the menu or press back to go to the previous page.",
    );
    // Inside the normal layout.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("unknown API paths answer JSON 404", async ({ request }) => {
    const res = await request.get("/api/nothing-here");
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "Not found." });
  });
});
