/**
 * The files of build/client, loaded into memory at start with their gzip and
 * brotli forms, ETags and headers. The client build is small (well under a
 * few MB), so compressing once here beats compressing on every request.
 *
 * - /assets/* are content-hashed: cached for a year, immutable.
 * - Prerendered pages (<path>/index.html) carry a CSP with the hashes of
 *   their inline scripts; they go only to visitors without a session cookie.
 * - Prerendered `.data` files are not served: data requests always reach the
 *   React Router handler, which knows who is asking.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { contentSecurityPolicy, inlineScriptHashes } from "../app/infra/security/csp";
import { PLACEHOLDER_ORIGIN, PLACEHOLDER_STATUS_URL } from "../app/shared/lib/seo.server";
import { brotli } from "../app/infra/http/brotli";
import { MIN_COMPRESS_BYTES } from "./precompress";

export interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export interface StaticFiles {
  /** Hashed assets and plain public files, by URL path. */
  files: Map<string, StaticFile>;
  /** Prerendered pages, by URL path without trailing slash ("/" for home). */
  pages: Map<string, StaticFile>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

/**
 * What a new connection's first flight carries: ten TCP segments of 1,460
 * bytes (RFC 6928's initial window, what Lighthouse's simulation models too).
 * A page whose answer is larger waits a round trip for the rest (150 ms on a
 * slow 4G line) before the browser can draw it.
 */
export const FIRST_FLIGHT_BYTES = 10 * 1460;
/** The status line and headers of a prerendered page (the CSP's script hashes make most of it: ~1.3 KB). */
const PAGE_HEADER_BYTES = 1600;

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
const IMMUTABLE = "public, max-age=31536000, immutable";

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * A file with its ETag and compressed forms: the build's precompressed
 * `.br`/`.gz` when present (hashed assets), else compressed now at settings
 * that keep the start quick.
 */
function prepare(body: Buffer, type: string, headers: Record<string, string>, { abs, page = false }: { abs?: string; page?: boolean } = {}): StaticFile {
  const file: StaticFile = {
    body,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    headers: { "Content-Type": type, ...headers },
  };
  if (COMPRESSIBLE.test(type) && body.length > MIN_COMPRESS_BYTES) {
    const prebuilt = abs && existsSync(`${abs}.br`) && existsSync(`${abs}.gz`);
    // Quality 6: the 54 prerendered pages (2.6 MB) in 58 ms to 522 KB. Quality 9 took 3.9 s, most of
    // every start (7.2 s to ready), for 518 KB; quality 11 takes 2.4 s for 470 KB.
    file.brotli = prebuilt ? readFileSync(`${abs}.br`) : brotli(body, 6);
    // A page that would not fit the first flight gets the strongest setting (about 9 % smaller, ~50 ms
    // each at start, so only for the few that need it: the Hindi home, 14.5 → 13.2 KB).
    if (page && !prebuilt && file.brotli.length + PAGE_HEADER_BYTES > FIRST_FLIGHT_BYTES) file.brotli = brotli(body, 11);
    file.gzip = prebuilt ? readFileSync(`${abs}.gz`) : gzipSync(body, { level: 9 });
  }
  return file;
}

const WITH_ORIGIN = new Set([".html", ".xml", ".txt"]);

/**
 * A prerendered page with STATUS_URL filled in, or, unset, without its footer
 * link: the element the footer marks, and the placeholder in the page's data
 * (so the hydrating page renders no link either).
 */
export function withStatusUrl(html: string, statusUrl: string | null): string {
  if (!html.includes(PLACEHOLDER_STATUS_URL)) return html;
  if (!statusUrl) return html.replace(/<li data-status-link="">[\s\S]*?<\/li>/g, "").replaceAll(PLACEHOLDER_STATUS_URL, "");
  // In the link's attribute, HTML-escaped; in the page's data (a script), as it is (a URL has no quote or backslash).
  return html.replaceAll(`href="${PLACEHOLDER_STATUS_URL}"`, `href="${statusUrl.replaceAll("&", "&amp;")}"`).replaceAll(PLACEHOLDER_STATUS_URL, statusUrl);
}

/** Loads build/client, writing `origin` where the build left its placeholder (and STATUS_URL where its own is). */
export function loadStaticFiles(clientDir: string, origin: string, statusUrl: string | null = null): StaticFiles {
  const files = new Map<string, StaticFile>();
  const pages = new Map<string, StaticFile>();

  for (const abs of walk(clientDir)) {
    const rel = `/${path.relative(clientDir, abs).split(path.sep).join("/")}`;
    const ext = path.extname(abs).toLowerCase();
    if (ext === ".data" || ext === ".br" || ext === ".gz") continue;
    let body = readFileSync(abs);
    if (WITH_ORIGIN.has(ext)) body = Buffer.from(withStatusUrl(body.toString("utf8").replaceAll(PLACEHOLDER_ORIGIN, origin), statusUrl));
    // The blog's feed is XML of a kind of its own; readers look for its type.
    const type = rel.endsWith("/rss.xml") ? "application/rss+xml; charset=utf-8" : (TYPES[ext] ?? "application/octet-stream");

    if (rel === "/index.html" || rel.endsWith("/index.html")) {
      const route = rel === "/index.html" ? "/" : rel.slice(0, -"/index.html".length);
      const csp = contentSecurityPolicy(inlineScriptHashes(body.toString("utf8")));
      pages.set(
        route,
        prepare(
          body,
          type,
          {
            "Cache-Control": "no-cache",
            "Content-Security-Policy": csp,
            // The same URL is rendered per visitor when a session cookie is present; the bare "/"
            // also sends a Hindi reader to /hi (http.ts, negotiation.ts homeLanguage).
            Vary: route === "/" ? "Cookie, Accept-Encoding, Accept-Language" : "Cookie, Accept-Encoding",
          },
          { page: true },
        ),
      );
      continue;
    }

    const cache = rel.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600";
    files.set(rel, prepare(body, type, { "Cache-Control": cache, Vary: "Accept-Encoding" }, { abs }));
  }
  return { files, pages };
}
