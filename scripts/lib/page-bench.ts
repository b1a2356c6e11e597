/**
 * `npm run bench` sections 1 and 2: what a phone pays for a public page.
 *
 *   - the initial JavaScript of a page (every module it preloads or imports up front)
 *   - Lighthouse mobile (simulated slow 4G, 4× CPU) of each page, beside the same
 *     HTML with every script removed, served from memory by a tiny local server
 *     (scriptFreeCopies): the ratio of their largest contentful paints says what
 *     the page's JavaScript costs the visitor's first look at it. 1.00 is the
 *     floor; ADR 0019 keeps it at or under 1.05.
 *
 * Runs alternate page and copy, so a busy machine slows both alike; figures are
 * medians. Printed, never judged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../../tests/support/chromium.ts";

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface ModuleSet {
  files: number;
  gzip: number;
  brotli: number;
  raw: number;
  /** Each module with its gzip size, largest first. */
  modules: { src: string; gzip: number }[];
}

export interface InitialJavaScript extends ModuleSet {
  /** Inline scripts (the hydration data), not in the figures above. */
  inline: number;
  /**
   * What a page that waits for the visitor before hydrating (ADR 0005,
   * "Hydration on intent") fetches at the first move: not initial, and
   * printed beside it. Undefined for a page that hydrates by itself.
   */
  onFirstMove?: ModuleSet;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g;

/** The sizes of `srcs` and of every module they import statically, as the server sends each. */
async function moduleSet(base: string, srcs: Iterable<string>, exclude: Set<string> = new Set()): Promise<ModuleSet> {
  const set: ModuleSet = { files: 0, gzip: 0, brotli: 0, raw: 0, modules: [] };
  const queue = [...srcs];
  const seen = new Set<string>(exclude);
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    // Undici decompresses bodies, so read the sizes the server reports for each encoding.
    const get = async (encoding: string) => {
      const res = await fetch(`${base}${src}`, { headers: { "accept-encoding": encoding } });
      const body = await res.text();
      return { bytes: Number(res.headers.get("content-length")), body };
    };
    const gzip = (await get("gzip")).bytes;
    const identity = await get("identity");
    set.files++;
    set.gzip += gzip;
    set.brotli += (await get("br")).bytes;
    set.raw += identity.bytes;
    set.modules.push({ src, gzip });
    // A module's static imports come with it (React Router lists them all as preloads; the reporter's do not).
    for (const m of identity.body.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, `${base}${src}`).pathname);
  }
  set.modules.sort((a, b) => b.gzip - a.gzip);
  return set;
}

/**
 * The JavaScript a page loads before anything happens: module preloads, module
 * scripts, import()s in inline scripts, and what those import (measured from
 * the page as sent: the bench reads HTML, the app never rewrites it).
 */
export async function initialJavaScript(base: string, pagePath = "/"): Promise<InitialJavaScript> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) srcs.add(m[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);
  return { ...(await moduleSet(base, srcs)), inline };
}

function printSet(label: string, set: ModuleSet): void {
  console.log(`   ${label}: ${set.files} modules, ${kb(set.gzip)} gzip, ${kb(set.brotli)} brotli, ${kb(set.raw)} uncompressed`);
  if (set.modules.length > 0)
    console.log(`     ${set.modules.map((m) => `${m.src.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, "")} ${kb(m.gzip)}`).join(", ")}`);
}

export function printInitialJavaScript(js: InitialJavaScript, targetKb: number): void {
  printSet("initial", js);
  console.log(`   plus ${kb(js.inline)} of inline scripts (the boot script, and on a hydrated page its data)`);
  console.log(`   target: initial at most ${targetKb} KB gzip: ${js.gzip / 1024 <= targetKb ? "meets target" : "BELOW TARGET"}\n`);
}

/** The page's HTML with every script gone: inline and external scripts, and module preloads. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

export interface ScriptFreeCopies {
  /** Where the copies are served: `${url}${path}` is the copy of `${appBase}${path}`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A tiny server that answers each of `paths` with the app's HTML of that page
 * minus its scripts, from memory and compressed like the app's own answer, and
 * passes every other request (stylesheet, font, images) through to the app
 * unchanged. Listens on a port the system picks.
 */
export async function scriptFreeCopies(appBase: string, paths: string[]): Promise<ScriptFreeCopies> {
  const pages = new Map<string, { br: Buffer; gzip: Buffer; identity: Buffer }>();
  for (const p of paths) {
    const html = withoutScripts(await (await fetch(`${appBase}${p}`)).text());
    const identity = Buffer.from(html);
    pages.set(p, {
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    });
  }
  const app = new URL(appBase);
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const page = pages.get((req.url ?? "/").split("?")[0]!);
    if (page) {
      const accepts = String(req.headers["accept-encoding"] ?? "");
      const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : "identity";
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        vary: "Accept-Encoding",
      });
      res.end(page[encoding]);
      return;
    }
    const upstream = httpRequest(
      { host: app.hostname, port: app.port, method: req.method, path: req.url, headers: { ...req.headers, host: app.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PageFigures {
  scores: number[];
  lcp: number[];
  fcp: number[];
  tbt: number[];
  cls: number[];
  /** LCP of the script-free copy, one per run. */
  copyLcp: number[];
  benchmarkIndex: number[];
  /**
   * The page's own answer on the wire, headers included, as Lighthouse saw it: past a new
   * connection's first flight (14,600 bytes) a slow line waits a round trip for the rest (ADR 0032).
   */
  documentBytes: number[];
}

/** One Lighthouse mobile run (the default: simulated slow 4G, 4× CPU), performance only. */
async function lighthouseRun(url: string, port: number) {
  const run = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return {
    documentBytes: requests.find((r) => r.resourceType === "Document")?.transferSize ?? 0,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse of each page and of its script-free copy, `runs` times each,
 * alternating. Pass `copies: false` for the pages alone.
 */
export async function lighthousePages(base: string, paths: string[], runs: number, options: { copies?: boolean } = {}): Promise<Record<string, PageFigures>> {
  const copies = options.copies === false ? undefined : await scriptFreeCopies(base, paths);
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  const results: Record<string, PageFigures> = {};
  try {
    for (const p of paths) {
      const r: PageFigures = { scores: [], lcp: [], fcp: [], tbt: [], cls: [], copyLcp: [], benchmarkIndex: [], documentBytes: [] };
      results[p] = r;
      for (let i = 0; i < runs; i++) {
        const page = await lighthouseRun(`${base}${p}`, chrome.port);
        r.scores.push(page.score);
        r.lcp.push(page.lcp);
        r.fcp.push(page.fcp);
        r.tbt.push(page.tbt);
        r.cls.push(page.cls);
        r.benchmarkIndex.push(page.benchmarkIndex);
        r.documentBytes.push(page.documentBytes);
        if (copies) r.copyLcp.push((await lighthouseRun(`${copies.url}${p}`, chrome.port)).lcp);
      }
    }
  } finally {
    chrome.kill();
    await copies?.close();
  }
  return results;
}

export function printLighthousePages(results: Record<string, PageFigures>, targets: { score: number; lcpRatio: number }): void {
  const all = Object.values(results).flatMap((r) => r.benchmarkIndex);
  console.log(
    `   (Lighthouse's benchmark index of this machine: median ${Math.round(median(all))}, ${Math.round(Math.min(...all))}–${Math.round(Math.max(...all))}; lower is busier. Simulated mobile: 4x CPU slowdown, slow 4G)`,
  );
  console.log(`   ${"page".padEnd(30)} score  LCP of the page / of the same HTML without scripts = ratio`);
  for (const [p, r] of Object.entries(results)) {
    const score = median(r.scores);
    const cls = median(r.cls);
    const lcp = median(r.lcp);
    const copy = r.copyLcp.length ? median(r.copyLcp) : 0;
    const ratio = copy ? lcp / copy : 0;
    // CLS as Lighthouse shows it (three decimals): a shift of 0.00004 is no shift anyone sees.
    const ok = score >= targets.score && Number(cls.toFixed(3)) === 0 && (!copy || ratio <= targets.lcpRatio);
    console.log(
      `   ${p.padEnd(30)} ${String(score).padStart(5)}  ${Math.round(lcp)} / ${copy ? `${Math.round(copy)} ms = ${ratio.toFixed(2)}×` : "—"}` +
        `  (scores ${r.scores.join(", ")}; FCP ${Math.round(median(r.fcp))} ms, TBT ${Math.round(median(r.tbt))} ms, CLS ${cls.toFixed(3)}; HTML ${median(r.documentBytes)} B on the wire)` +
        `  target ≥ ${targets.score}, LCP ≤ ${targets.lcpRatio}× the copy, CLS 0: ${ok ? "meets target" : "BELOW TARGET"}`,
    );
  }
  console.log("");
}
