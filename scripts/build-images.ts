/**
 * `npm run images`: renders public/apple-touch-icon.png (180×180) and
 * public/og-image.png (1200×630, the sharing card) with Chromium from the
 * brand facts in app/config/site.ts. Run it after a rebrand and commit the PNGs.
 */
import path from "node:path";
import { chromium } from "@playwright/test";
import { site } from "../app/config/site.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const mark = `<svg viewBox="0 0 32 32" width="100%" height="100%"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#4c1d95"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M16 6.5l2.3 6.2 6.2 2.3-6.2 2.3-2.3 6.2-2.3-6.2-6.2-2.3 6.2-2.3z" fill="#fff"/><circle cx="24" cy="8.5" r="2" fill="#f5a524"/></svg>`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();

await page.setViewportSize({ width: 180, height: 180 });
await page.setContent(`<html><body style="margin:0;background:#4c1d95">${mark}</body></html>`);
await page.screenshot({ path: path.join(root, "public/apple-touch-icon.png") });

await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<html><body style="margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;color:#fff;
background:radial-gradient(900px 600px at 15% -10%,#6d28d9,transparent),radial-gradient(700px 500px at 100% 120%,#b45309aa,transparent),#1e0b3b;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box">
<div style="display:flex;align-items:center;gap:22px"><div style="width:84px;height:84px">${mark}</div><div style="font-size:44px;font-weight:800">${esc(site.productName)}</div></div>
<div style="font-size:76px;font-weight:800;line-height:1.05;margin-top:42px;max-width:900px">${esc(site.tagline)}</div>
<div style="font-size:30px;margin-top:28px;color:#ddd6fe;max-width:950px;line-height:1.35">Faith-driven, accessible, affordable and privacy-first AI. Made in India.</div>
</body></html>`);
await page.screenshot({ path: path.join(root, "public/og-image.png") });
await browser.close();
console.log("Wrote public/apple-touch-icon.png and public/og-image.png");
