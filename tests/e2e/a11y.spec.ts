import { appDb, createVerifiedUser, expect, expectAccessible, open, PAGES, signInViaUi, test, uniqueEmail } from "./fixtures";

/**
 * Every page through axe in the light theme at both widths (issue 22: every route at 390 and 1280 px).
 * theme.spec.ts runs each page dark at one width, alternating, and hindi.spec.ts each Hindi page light at
 * one width and dark at the other: every full matrix took a quarter of CI's time.
 */
for (const width of [390, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const { path } of [...PAGES, { path: "/no-such-page" }]) {
      test(`${path} has no violations`, async ({ page }) => {
        await open(page, path);
        await expectAccessible(page);
      });
    }
  });
}

test.describe("axe with overlays open and signed in", () => {
  for (const width of [390, 1280]) {
    test(`menus, the security page and the console at ${width} px`, async ({ page, request }, testInfo) => {
      // Ten pages through axe, signed in: most of a minute on a busy two-core machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) {
        await open(page, "/about");
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press("Escape");
      }
      const user = await createVerifiedUser(request, uniqueEmail(testInfo, `axe${width}`));
      await signInViaUi(page, user.email);
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/profile/security");
      await expectAccessible(page);
      if (width === 1280) {
        await page.getByRole("button", { name: /Account menu for/ }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        // Below its button, inside the viewport (it is not portalled out of the sticky header).
        const button = (await page.getByRole("button", { name: /Account menu for/ }).boundingBox())!;
        const menu = (await page.getByRole("menu").boundingBox())!;
        expect(menu.y).toBeGreaterThanOrEqual(button.y + button.height);
        expect(menu.x + menu.width).toBeLessThanOrEqual(1280);
        await page.screenshot({ path: testInfo.outputPath("user-menu.png") });
        await expectAccessible(page);
        await page.keyboard.press("Escape");
      }
      // The operator console, every section.
      const db = appDb(testInfo);
      const row = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
      await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", row.id).execute();
      for (const path of ["/admin/messages", "/admin/forms", "/admin/accounts", `/admin/accounts/${row.id}`, "/admin/waitlist", "/admin/analytics", "/admin/mail", "/admin/audit"]) {
        await open(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page);
      }
    });
  }
});
