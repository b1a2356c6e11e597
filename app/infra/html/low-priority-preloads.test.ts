import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads, rewriteHtml } from "./low-priority-preloads.server";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const part of Readable.from(chunks).pipe(lowPriorityPreloads())) out.push(Buffer.from(part));
  return Buffer.concat(out).toString("utf8");
}

describe("low-priority module preloads", () => {
  const html = '<head><link rel="modulepreload" href="/a.js"/><title>नमस्ते ✦</title><link rel="modulepreload" href="/b.js"/></head>';
  const expected = '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><title>नमस्ते ✦</title><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>';

  it("rewrites every module preload and nothing else", () => {
    expect(rewriteHtml(html)).toBe(expected);
  });

  it("gives the same result however the stream is cut, even inside a match or a character", async () => {
    // A page with React Router's bootstrap: the preloads move into it (paint-first.server.ts).
    const page = `${html}<body><script type="module" async="">;\nimport * as route0 from "/r.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/e.js");</script></body>`;
    const bytes = Buffer.from(page);
    const expected = rewriteHtml(page);
    expect(expected).toContain('["/a.js","/b.js"]');
    expect(expected).toContain("<title>नमस्ते ✦</title>");
    for (let size = 1; size <= bytes.length; size += 3) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await through(chunks)).toBe(expected);
    }
  });
});
