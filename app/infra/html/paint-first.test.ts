import { describe, expect, it } from "vitest";
import { INTENT_EVENTS, INTENT_WAIT } from "./hydrate-on-intent.server";
import { AFTER_FIRST_PAINT, paintFirstBootstrap, paintFirstState } from "./paint-first.server";
import { rewriteHtml } from "./low-priority-preloads.server";

// React Router 7's bootstrap, as it writes it (shortened manifest).
const bootstrap = [
  '<script nonce="n0" type="module" async="">;',
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/pricing-B.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/pricing":route1};',
  "",
  'import("/assets/entry.client-C.js");</script>',
].join("\n");

describe("hydration after the first paint", () => {
  it("turns the bootstrap's static imports into dynamic ones behind a frame, keeping the rest", () => {
    const out = paintFirstBootstrap(`<body><p>Hi</p>${bootstrap}</body>`);
    expect(out).toContain(`<script nonce="n0" type="module" async="">${AFTER_FIRST_PAINT}\n`);
    expect(AFTER_FIRST_PAINT).toContain("first-contentful-paint");
    // Then the fonts (a Hindi page's words need theirs), never for more than a few seconds.
    expect(AFTER_FIRST_PAINT).toMatch(/document\.fonts\.ready, new Promise\(\(go\) => setTimeout\(go, \d+\)\)/);
    expect(out).toContain('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/pricing-B.js")]);');
    expect(out).not.toMatch(/^import \* as/m);
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/pricing":route1};');
    expect(out).toContain('import("/assets/entry.client-C.js");</script></body>');
    // The wait comes before anything is imported.
    expect(out.indexOf("first-contentful-paint")).toBeLessThan(out.indexOf('import("/assets/root-A.js")'));
  });

  it("with intent: listens from the start, waits for the paint and then the visitor, then starts React", () => {
    const out = paintFirstBootstrap(
      `<body>${bootstrap}</body>`,
      paintFirstState({
        pageView: { reporter: "/assets/reporter-R.js", route: "/pricing" },
        chat: { delayMs: 2000, positionKey: "t.chat", size: 56, margin: 16 },
        language: { cookie: "t.lang", attributes: "Path=/; Max-Age=100; SameSite=Lax", locales: ["en", "hi"] },
      }),
    );
    const at = (part: string) => {
      const i = out.indexOf(part);
      expect(i, part).toBeGreaterThan(-1);
      return i;
    };
    expect(at("const intent=")).toBeLessThan(at("first-contentful-paint"));
    expect(at("first-contentful-paint")).toBeLessThan(at(INTENT_WAIT));
    expect(at(INTENT_WAIT)).toBeLessThan(at("document.head.append"));
    expect(at("await Promise.all")).toBeLessThan(at('import("/assets/entry.client-C.js")'));
    // What wakes it, and what it does before: the landing page view, the help button at 2 s.
    for (const type of INTENT_EVENTS) expect(out).toContain(`"${type}"`);
    expect(out).toContain('import("/assets/reporter-R.js").then(m=>m.landed("/pricing",P)');
    expect(out).toContain("s.hidden=!1}},2000)");
    expect(out).toContain('localStorage.getItem("t.chat")');
    expect(out).toContain('document.cookie="t.lang="+a.hreflang');
    // Presses stop being remembered once React listens (app/entry.client.tsx marks the window).
    expect(out).toContain('window["__reactListens"]');
    // A page for a signed-in visitor has none of it.
    expect(paintFirstBootstrap(`<body>${bootstrap}</body>`)).not.toContain("intent");
  });

  it("leaves other scripts, and a bootstrap it does not recognise, alone", () => {
    const other = '<script type="module">import * as x from "/x.js"; x.go();</script>';
    expect(paintFirstBootstrap(other)).toBe(other);
    const unknown = '<script type="module" async="">window.__reactRouterRouteModules = {};</script>';
    expect(paintFirstBootstrap(unknown)).toBe(unknown);
  });

  it("is part of the page's rewrite, also when the stream cuts the bootstrap", async () => {
    const { Readable } = await import("node:stream");
    const { lowPriorityPreloads } = await import("./low-priority-preloads.server");
    const html = `<head><link rel="modulepreload" href="/a.js"/></head><body>${bootstrap}</body>`;
    const bytes = Buffer.from(html);
    for (const size of [1, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      for await (const part of Readable.from(chunks).pipe(lowPriorityPreloads())) out.push(Buffer.from(part));
      expect(Buffer.concat(out).toString("utf8")).toBe(rewriteHtml(html));
    }
    expect(rewriteHtml(html)).toContain("await Promise.all");
  });
});
