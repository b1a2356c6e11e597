import { expectAccessible, open, PAGES, test } from "./fixtures";

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
