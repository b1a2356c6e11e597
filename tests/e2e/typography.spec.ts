/**
 * Issue 20: the rupee sign is drawn by the page's own font (Inter; the Latin
 * file lacks it, so app.css adds Inter's ₹ cut into a file of its own), not
 * by whatever the phone falls back to. Asked of the browser itself: Chromium
 * reports which fonts drew a node's text (CDP CSS.getPlatformFontsForNode).
 */
import { expect, open, test } from "./fixtures";

test("every ₹ on /pricing is drawn in Inter, in both themes", async ({ page }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await open(page, "/pricing");
    const prices = page.locator("main").getByText(/₹/);
    expect(await prices.count()).toBeGreaterThan(0);
    await prices.first().evaluate((element) => element.setAttribute("data-font-probe", ""));
    await page.evaluate(() => document.fonts.ready);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-font-probe]" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    const text = await prices.first().textContent();
    expect(text).toContain("₹");
    expect(fonts.length, JSON.stringify(fonts)).toBeGreaterThan(0);
    // Every glyph of the price (the ₹ and the digits) from the web font, none from a system fallback.
    expect(fonts.map((f) => `${f.familyName}${f.isCustomFont ? "" : " (system)"}`)).toEqual(fonts.map(() => "Inter"));
    await cdp.detach();
  }
});
