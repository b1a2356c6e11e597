/**
 * `npm run screenshots -- [base URL] [paths…]`: full-page PNGs of pages at
 * 390 px and 1280 px into ./screenshots, for looking at what you built.
 * Default base: http://localhost:3000; default paths: every public page.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { staticPagePaths } from "../app/prerender.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";

const [base = "http://localhost:3000", ...rest] = process.argv.slice(2);
const paths = rest.length ? rest : [...staticPagePaths, "/auth", "/no-such-page"];
const out = path.resolve("screenshots");
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const name = `${p === "/" ? "home" : p.replace(/^\//, "").replace(/[/?=&]+/g, "_")}-${width}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join("screenshots", name));
  }
  await page.close();
}
await browser.close();
