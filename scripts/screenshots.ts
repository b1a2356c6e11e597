/**
 * `npm run screenshots -- [--widths=390,768,1024,1280] [--theme=dark|light] [--sign-in=EMAIL:PASSWORD] [base URL] [paths…]`:
 * full-page PNGs of pages into ./screenshots, for looking at what you built.
 * Default widths: 390 and 1280; default base: http://localhost:3000; default
 * paths: every public page. With --sign-in the browser signs in first (an
 * existing, verified account) for the signed-in pages. --theme sets the
 * system colour scheme the pages see (they follow it: issue 20's dark mode).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { staticPagePaths } from "../app/prerender.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";
import { commandLine } from "./lib/command-args.ts";

const { values, positionals } = commandLine(
  `Usage: npm run screenshots -- [--widths=390,1280] [--theme=dark|light] [--sign-in=EMAIL:PASSWORD] [base URL] [paths…]

Full-page PNGs of pages into ./screenshots (default: every public page of http://localhost:3000).`,
  { widths: { type: "string", default: "390,1280" }, theme: { type: "string" }, "sign-in": { type: "string" } },
);
const widths = values.widths.split(",").map(Number);
const signIn = values["sign-in"];
const theme = values.theme === "dark" ? "dark" : values.theme === "light" ? "light" : undefined;
const [base = "http://localhost:3000", ...rest] = positionals;
const paths = rest.length ? rest : [...staticPagePaths, "/auth", "/no-such-page"];
const out = path.resolve("screenshots");
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext(theme ? { colorScheme: theme } : {});
if (signIn) {
  const [email, ...password] = signIn.split(":");
  const res = await context.request.post(new URL("/api/auth/sign-in/email", base).toString(), {
    data: { email, password: password.join(":") },
    headers: { origin: new URL(base).origin },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}
for (const width of widths) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  for (const p of paths) {
    await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const name = `${p === "/" ? "home" : p.replace(/^\//, "").replace(/[/?=&]+/g, "_")}-${width}${theme ? `-${theme}` : ""}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join("screenshots", name));
  }
  await page.close();
}
await browser.close();
