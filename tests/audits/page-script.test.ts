/**
 * The page script (ADR 0035) is all the JavaScript a page without React
 * Router runs: whatever it loads, at once or later (the sign-in page's
 * module, passkeys, the particles), must not bring React with it. A small
 * module shared with the React shell once pulled the shell's 170 KB into
 * /auth, and its LCP went from 1.03× to 1.51× its script-free copy.
 */
import { expect, inject, test } from "vitest";

const { url } = inject("audit");

/** React's element marker: present in any bundle that carries React itself. */
const REACT = "react.transitional.element";
/** A chunk's imports as the bundler writes them: static, dynamic, and a dynamic import's preload list. */
const IMPORTS = [/(?:from|import)\s*["'](\.\/[\w.-]+\.js)["']/g, /import\(["'](\.\/[\w.-]+\.js)["']\)/g, /["'](assets\/[\w.-]+\.js)["']/g];

test("nothing the page script loads, at once or later, carries React", async () => {
  const home = await (await fetch(new URL("/", url))).text();
  const entry = /<script type="module" src="(\/assets\/page-script-[\w-]+\.js)"/.exec(home)?.[1];
  expect(entry, "the page script of /").toBeDefined();

  const reached = new Map<string, string>();
  const queue = [entry!];
  while (queue.length > 0) {
    const asset = queue.shift()!;
    if (reached.has(asset)) continue;
    const res = await fetch(new URL(asset, url));
    expect(res.status, asset).toBe(200);
    const source = await res.text();
    reached.set(asset, source);
    for (const pattern of IMPORTS)
      for (const [, target] of source.matchAll(pattern)) queue.push(new URL(target!, new URL(target!.startsWith("assets/") ? "/" : asset, url)).pathname);
  }

  // The sign-in page's module is among them (so the walk reaches what pages load later).
  expect([...reached.keys()].some((asset) => asset.includes("/auth-page-"))).toBe(true);
  expect([...reached].filter(([, source]) => source.includes(REACT)).map(([asset]) => asset)).toEqual([]);
});
