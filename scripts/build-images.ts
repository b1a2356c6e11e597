/**
 * `npm run images`: renders with Chromium, from the brand facts in
 * app/config/site.ts and the posts' front matter:
 *   public/favicon.ico          16, 32 and 48 px (for clients that ask for it)
 *   public/apple-touch-icon.png 180×180
 *   public/og-image.png         1200×630, the site's sharing card
 *   public/og/blog/<slug>.jpg   1200×630, one sharing card per post (JPEG: a tenth of the PNG)
 * Run it after a rebrand or a new post and commit the images.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { site } from "../app/config/site.ts";
import { formatPostDate } from "../app/features/blog/format.ts";
import { slugOfPostFile } from "../app/features/blog/slug.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const mark = `<svg viewBox="0 0 32 32" width="100%" height="100%"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#4c1d95"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M16 6.5l2.3 6.2 6.2 2.3-6.2 2.3-2.3 6.2-2.3-6.2-6.2-2.3 6.2-2.3z" fill="#fff"/><circle cx="24" cy="8.5" r="2" fill="#f5a524"/></svg>`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * The site's own typeface (Inter, the file app.css serves), embedded in each
 * card: set in whatever sans-serif the build machine has, the cards looked
 * like another brand's (issue 22).
 */
const inter = readFileSync(path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2")).toString("base64");
const fontFace = `<style>@font-face{font-family:"Inter Variable";font-weight:100 900;src:url(data:font/woff2;base64,${inter}) format("woff2")}
body{font-family:"Inter Variable",sans-serif;-webkit-font-smoothing:antialiased}</style>`;

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();

await page.setViewportSize({ width: 180, height: 180 });
await page.setContent(`<html><body style="margin:0;background:#4c1d95">${mark}</body></html>`);
await page.screenshot({ path: path.join(root, "public/apple-touch-icon.png") });

await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<html><head>${fontFace}</head><body style="margin:0;width:1200px;height:630px;color:#fff;
background:radial-gradient(900px 600px at 15% -10%,#6d28d9,transparent),radial-gradient(700px 500px at 100% 120%,#b45309aa,transparent),#1e0b3b;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box">
<div style="display:flex;align-items:center;gap:22px"><div style="width:84px;height:84px">${mark}</div><div style="font-size:44px;font-weight:800">${esc(site.productName)}</div></div>
<div style="font-size:76px;font-weight:800;line-height:1.05;margin-top:42px;max-width:900px;text-wrap:balance">${esc(site.tagline)}</div>
<div style="font-size:30px;margin-top:28px;color:#ddd6fe;max-width:950px;line-height:1.35;text-wrap:balance">Faith-driven, accessible, affordable and privacy-first AI. Made in India.</div>
</body></html>`);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: path.join(root, "public/og-image.png") });

// The favicon: PNG images in an ICO container (every browser since 2010 reads them).
const sizes = [16, 32, 48];
const pngs: Buffer[] = [];
for (const size of sizes) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${mark}</body></html>`);
  pngs.push(await page.screenshot({ omitBackground: true }));
}
writeFileSync(path.join(root, "public/favicon.ico"), icoOf(sizes, pngs));

// A sharing card per post: its title over the site's card.
const postsDir = path.join(root, "app/features/blog/posts");
const outDir = path.join(root, "public/og/blog");
mkdirSync(outDir, { recursive: true });
const fill = (text: string) =>
  text.replaceAll("{{productName}}", site.productName).replaceAll("{{companyName}}", site.companyName).replaceAll("{{productFamily}}", site.productFamily);
let posts = 0;
for (const file of readdirSync(postsDir).filter((name) => name.endsWith(".md"))) {
  const slug = slugOfPostFile(file);
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fill(readFileSync(path.join(postsDir, file), "utf8")))?.[1] ?? "";
  const field = (key: string) => {
    const value = new RegExp(`^${key}:\\s*(.*)$`, "m").exec(front)?.[1]?.trim() ?? "";
    return value.startsWith('"') ? (JSON.parse(value) as string) : value;
  };
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(`<html><head>${fontFace}</head><body style="margin:0;width:1200px;height:630px;color:#fff;
background:radial-gradient(900px 600px at 15% -10%,#6d28d9,transparent),radial-gradient(700px 500px at 100% 120%,#b45309aa,transparent),#1e0b3b;display:flex;flex-direction:column;justify-content:space-between;padding:80px 90px;box-sizing:border-box">
<div style="display:flex;align-items:center;gap:18px"><div style="width:60px;height:60px">${mark}</div><div style="font-size:32px;font-weight:800">${esc(site.productName)} · Blog</div></div>
<div style="font-size:68px;font-weight:800;line-height:1.08;max-width:1000px;text-wrap:balance">${esc(field("title"))}</div>
<div style="font-size:28px;color:#ddd6fe">${esc(field("author"))} · ${esc(formatPostDate(field("date")))}</div>
</body></html>`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(outDir, `${slug}.jpg`), type: "jpeg", quality: 82 });
  posts++;
}
await browser.close();
console.log(`Wrote public/favicon.ico, apple-touch-icon.png, og-image.png and ${posts} post images in public/og/blog/`);

/** An ICO file holding PNG images (ICONDIR, one ICONDIRENTRY each, then the PNGs). */
function icoOf(sides: number[], images: Buffer[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((png, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(sides[i]! >= 256 ? 0 : sides[i]!, at);
    header.writeUInt8(sides[i]! >= 256 ? 0 : sides[i]!, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images]);
}
