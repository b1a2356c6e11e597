/**
 * Content negotiation, in one place: which encoding to answer in, and whether
 * the client's copy is still good (304). Every answer of the edge (static
 * files, prerendered pages, replays, what React Router renders) asks here, so
 * that q-values (`br;q=0`, `gzip;q=1.0, br;q=0.5`, `*`, `identity;q=0`) and
 * validator lists (`If-None-Match: W/"a", "b"`, `*`) mean the same everywhere.
 *
 * The parsing is not ours: `negotiator` and `fresh` are what Express and
 * `serve-static` use.
 */
import type { IncomingHttpHeaders } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip";

/** The pattern of a language cookie, made once per name. */
const rememberedLanguage = new Map<string, RegExp>();

/**
 * The bare "/" only (docs/decisions/0032-hindi.md): the language its visitor
 * reads. A choice remembered by the language switch (its cookie) first; then
 * the browser's Accept-Language, Hindi only when it ranks Hindi above English;
 * a client that sends neither (a crawler) reads English. Every other URL is in
 * one language and is never redirected.
 */
export function homeLanguage(headers: IncomingHttpHeaders, languageCookie: string): "en" | "hi" {
  const cookie = headers.cookie ?? "";
  let pattern = rememberedLanguage.get(languageCookie);
  if (!pattern) rememberedLanguage.set(languageCookie, (pattern = new RegExp(`(?:^|;\\s*)${languageCookie.replaceAll(".", "\\.")}=(en|hi)(?:;|$)`)));
  const remembered = pattern.exec(cookie);
  if (remembered) return remembered[1] as "en" | "hi";
  const accept = headers["accept-language"];
  if (!accept) return "en";
  const negotiator = new Negotiator({ headers: { "accept-language": accept } });
  return negotiator.language(["en", "hi"]) === "hi" ? "hi" : "en";
}

/** Where the bare "/" sends a request, if anywhere; `setCookie` when the request named its language. */
export interface HomeRedirect {
  location: string;
  setCookie?: string;
}

/**
 * The bare "/" only. `?lang=en` or `?lang=hi` (the language switch's link to
 * the English home): that language's home, the choice remembered in this
 * answer's cookie, which the browser stores before it follows the redirect.
 * A cookie the page's script wrote on the same press may reach Chromium's
 * cookie store after the navigation has left, which then came back to /hi
 * (ADR 0054). Otherwise a Hindi reader (`homeLanguage`) goes to /hi, with
 * whatever query the request had.
 */
export function homeRedirect(
  headers: IncomingHttpHeaders,
  search: string,
  language: { cookie: string; attributes: string; param: string },
): HomeRedirect | undefined {
  const query = new URLSearchParams(search);
  const asked = query.get(language.param);
  if (asked === "en" || asked === "hi") {
    query.delete(language.param);
    const rest = query.size > 0 ? `?${query}` : "";
    return { location: `${asked === "hi" ? "/hi" : "/"}${rest}`, setCookie: `${language.cookie}=${asked}; ${language.attributes}` };
  }
  return homeLanguage(headers, language.cookie) === "hi" ? { location: `/hi${search}` } : undefined;
}

export type Chosen = Encoding | "identity";

/** Our order of preference among what we can send: brotli is smaller, gzip is everywhere. */
const PREFERENCE: Encoding[] = ["br", "gzip"];

/** Answers per Accept-Encoding header (and set of forms available): browsers send a handful of distinct ones. */
const chosenEncodings = new Map<string, Chosen>();

/**
 * The encoding to answer in, among `available` (compressed forms we have or
 * can make). `identity` when the client takes none of them, or sent nothing.
 * A client that refuses identity too (`identity;q=0`) still gets identity:
 * RFC 9110 allows answering without honouring the header rather than 406.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, available: readonly Encoding[] = PREFERENCE): Chosen {
  if (!acceptEncoding || available.length === 0) return "identity";
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(", ") : acceptEncoding;
  // Every request asks: parsed once per distinct header. Two forms available means both (the order does not matter).
  if (header.length > 200) return negotiate(header, available);
  const key = `${available.length === 2 ? "" : available.join()}|${header}`;
  let chosen = chosenEncodings.get(key);
  if (chosen === undefined) {
    // Bounded: a client sending a new header every time only empties it.
    if (chosenEncodings.size >= 256) chosenEncodings.clear();
    chosenEncodings.set(key, (chosen = negotiate(header, available)));
  }
  return chosen;
}

function negotiate(header: string, available: readonly Encoding[]): Chosen {
  const offered = PREFERENCE.filter((e) => available.includes(e));
  // Ties go to the server's own order (negotiator 1.x; its types: negotiator.d.ts).
  const [best] = new Negotiator({ headers: { "accept-encoding": header } }).encodings([...offered, "identity"], { preferred: offered });
  return best === "br" || best === "gzip" ? best : "identity";
}

/**
 * Whether the client already holds this representation: `If-None-Match`
 * (any of a list, weak or strong, or `*`) against `etag`, with
 * `Cache-Control: no-cache` in the request forcing a full answer.
 */
export function isNotModified(requestHeaders: IncomingHttpHeaders, etag: string): boolean {
  if (!requestHeaders["if-none-match"]) return false;
  return fresh(requestHeaders, { etag });
}
