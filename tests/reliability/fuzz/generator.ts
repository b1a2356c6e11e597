/**
 * Turns (endpoint, signed in or out, mutation category, PRNG) into one
 * malformed request, as raw bytes. Request i of a run depends only on the
 * seed, i and the catalog (plus the live session cookie and ids, which are
 * printed with it), so a failure can be replayed from the seed.
 */
import type { HeaderValue, RawRequest } from "../lib/raw-http.ts";
import { Rng } from "../lib/prng.ts";
import { type Encoding, type Endpoint, type FuzzContext, naturalValue } from "./catalog.ts";

export const CATEGORIES = [
  "baseline",
  "method",
  "path",
  "query",
  "host",
  "request-line",
  "content-type",
  "json-values",
  "nul",
  "proto-keys",
  "json-structure",
  "form-encoding",
  "size",
  "cookies",
  "origin",
  "x-forwarded-for",
  "headers",
  "unicode",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Categories that only make sense with a body: left out for GET-only endpoints. */
const BODY_CATEGORIES = new Set<Category>(["content-type", "json-values", "nul", "proto-keys", "form-encoding", "size"]);

export function categoriesFor(endpoint: Endpoint): Category[] {
  return endpoint.readOnly ? CATEGORIES.filter((c) => !BODY_CATEGORIES.has(c)) : [...CATEGORIES];
}

export interface Draft {
  method: string;
  path: string;
  query: string;
  version: string;
  /** Replaces the whole request line when set. */
  requestLine?: string;
  /** Host header values in order (none: no Host header). */
  hosts: HeaderValue[];
  headers: Array<[string, HeaderValue]>;
  cookies: string[];
  /** Extra Cookie headers beyond the first. */
  extraCookieHeaders: string[];
  origin: string | null;
  xff: string[];
  encoding: Encoding;
  fields: Record<string, unknown> | null;
  /** Raw JSON text (overrides fields for the json encoding). */
  jsonText?: string;
  /** The body bytes (overrides fields and jsonText). */
  body?: Buffer;
  contentType: string | null | undefined; // undefined: the encoding's own
  chunked: boolean;
  contentLength: "auto" | "none" | string[];
}

export interface FuzzRequest {
  index: number;
  endpoint: Endpoint;
  signedIn: boolean;
  category: Category;
  /** What was done, in words (for the report). */
  notes: string[];
  raw: RawRequest;
  /** The request's visible text (for echo detection by the leak check). */
  echo: string;
}

const JSON_CT = "application/json";
const FORM_CT = "application/x-www-form-urlencoded";

function fill(template: string, rng: Rng, ctx: FuzzContext): string {
  return template
    .replace(/\{own\}/g, () => ctx.session?.userId ?? ctx.otherUserId)
    .replace(/\{other\}/g, () => ctx.otherUserId)
    .replace(/\{mail\}/g, () => ctx.mailId)
    .replace(/\{slug\}/g, () => ctx.blogSlug)
    .replace(/\{word\}/g, () => rng.word(3, 14))
    .replace(/\{token\}/g, () => rng.word(20, 40))
    .replace(/\{email\}/g, () => formEncode(`fz-${rng.word()}@example.test`));
}

function baseDraft(endpoint: Endpoint, signedIn: boolean, rng: Rng, ctx: FuzzContext): Draft {
  const method = rng.chance(0.8) ? endpoint.methods[0]! : rng.pick(endpoint.methods);
  const writes = !["GET", "HEAD", "OPTIONS"].includes(method);
  const fields: Record<string, unknown> | null = writes && endpoint.fields ? {} : null;
  if (fields) for (const f of endpoint.fields!) fields[f] = naturalValue(f, rng, ctx);
  return {
    method,
    path: fill(endpoint.path, rng, ctx),
    query: endpoint.query ? fill(endpoint.query, rng, ctx) : "",
    version: "HTTP/1.1",
    hosts: [ctx.host],
    headers: [["User-Agent", "tuesday-reliability-fuzzer"]],
    cookies: signedIn && ctx.session ? [ctx.session.cookie] : [],
    extraCookieHeaders: [],
    // Browsers send Origin on writes; a curl-like client sends none. Either passes the origin check.
    origin: writes && rng.chance(0.75) ? ctx.origin : null,
    xff: [rng.ipv4()],
    encoding: writes ? (endpoint.encodings ? rng.pick(endpoint.encodings) : "json") : "none",
    fields,
    contentType: undefined,
    chunked: false,
    contentLength: "auto",
  };
}

// ---- values ----

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "' OR '1'='1' --",
  '"; DROP TABLE "user"; --',
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "%00%0d%0aSet-Cookie: x=1",
  "\r\nX-Injected: 1",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D\uFEFF",
  "\ud800",
  "\udfff\ud800",
  "\uFFFF\uFFFE",
  "😀🙏🏽👨‍👩‍👧‍👦",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗",
  "ｅｍａｉｌ＠ｅｘａｍｐｌｅ．ｔｅｓｔ",
  "\u2028\u2029",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x41",
  "true",
  "[object Object]",
  "__proto__",
  "constructor",
  "9999-99-99",
  "1899-12-31",
  "2999-01-01",
  "2023-02-29",
  "1990-05-17T00:00:00Z",
  "a@b",
  "@",
  "a@b@c",
  "x".repeat(101),
  "x".repeat(255),
  "x".repeat(2001),
  "x".repeat(5001),
];

function wrongTypeValue(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () => rng.int(-1e9, 1e9),
    () => 0,
    () => -1,
    () => 1.5e308,
    () => true,
    () => false,
    () => null,
    () => [],
    () => [rng.word()],
    () => [[[]]],
    () => ({}),
    () => ({ $gt: "" }),
    () => ({ toString: "x", valueOf: 1 }),
    () => ({ length: 1e9 }),
    () => rng.pick(NASTY_STRINGS),
    () => rng.pick(NASTY_STRINGS),
    () => rng.pick(NASTY_STRINGS),
  ])();
}

/** Fields whose value decides what a handler does (left valid by the NUL mutation). */
const STRUCTURAL_FIELDS = new Set([
  "intent",
  "gender",
  "dob",
  "rememberMe",
  "revokeOtherSessions",
  "provider",
  "providerId",
  "subject_line",
  "value",
  "route",
  "callbackURL",
  "errorCallbackURL",
  "redirectTo",
]);

function insertNul(s: string, rng: Rng): string {
  const at = rng.int(0, s.length);
  return `${s.slice(0, at)}\u0000${s.slice(at)}`;
}

const UNICODE_STRINGS = [
  "Ünïcødé ñame",
  "名前テスト",
  "اسم عربي",
  "\u202Egnp.exe",
  "e\u0301\u0301\u0301",
  "😀".repeat(50),
  "\ud83d",
  "\ud83d\ude00\ud83d",
  "Ω≈ç√∫˜µ≤≥÷",
  "𝕿𝖚𝖊𝖘𝖉𝖆𝖞",
  "\u0085\u00A0\u1680\u3000",
  "ßẞ İı",
  "\uFDD0\uFFFE",
];

// ---- encoders ----

function asFormString(v: unknown): string {
  return typeof v === "string" ? v : (JSON.stringify(v) ?? String(v));
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, where encodeURIComponent throws). */
function formEncode(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9*._-]/.test(c) ? c : byte === 0x20 ? "+" : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function encodeUrlencoded(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${formEncode(k)}=${formEncode(asFormString(v))}`)
    .join("&");
}

function multipart(fields: Array<[string, string | Buffer]>, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`),
      typeof v === "string" ? Buffer.from(v) : v,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const BOUNDARY = "----reliabilityFuzzBoundary7MA4YWxkTrZu0gW";

function encodeBody(d: Draft): { body: Buffer | null; type: string | null } {
  if (d.body) return { body: d.body, type: d.contentType ?? null };
  if (d.encoding === "none" && d.jsonText === undefined) return { body: null, type: d.contentType ?? null };
  let body: Buffer;
  let type: string;
  if (d.encoding === "json" || d.jsonText !== undefined) {
    body = Buffer.from(d.jsonText ?? JSON.stringify(d.fields ?? {}), "utf8");
    type = JSON_CT;
  } else if (d.encoding === "urlencoded") {
    body = Buffer.from(encodeUrlencoded(d.fields ?? {}), "utf8");
    type = FORM_CT;
  } else {
    body = multipart(
      Object.entries(d.fields ?? {}).map(([k, v]) => [k, asFormString(v)]),
      BOUNDARY,
    );
    type = `multipart/form-data; boundary=${BOUNDARY}`;
  }
  return { body, type: d.contentType === undefined ? type : d.contentType };
}

function chunk(body: Buffer, rng: Rng): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const n = Math.min(body.length - at, rng.int(1, 4096));
    parts.push(Buffer.from(`${n.toString(16)}\r\n`), body.subarray(at, at + n), Buffer.from("\r\n"));
    at += n;
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}

// ---- mutators: each changes one aspect of the draft and says what it did ----

type Mutator = (d: Draft, rng: Rng, ctx: FuzzContext, notes: string[]) => void;

const WEIRD_METHODS = [
  "TRACE",
  "TRACK",
  "CONNECT",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "LOCK",
  "UNLOCK",
  "PURGE",
  "SEARCH",
  "QUERY",
  "REPORT",
  "M-SEARCH",
  "get",
  "post",
  "Post",
  "dElEtE",
  "G3T",
  "FOO",
  "BREW",
  "X".repeat(300),
  "GET\u00e9",
  "",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "HEAD",
  "POST",
  "GET",
];

const PATH_MUTATIONS: Array<(p: string, rng: Rng) => string> = [
  (p) => `//%5C${p}`,
  (p) => `//%5Cevil.example${p}`,
  (p) => `//%C2%85${p}`,
  (p) => `//%E2%80%AE${p}`,
  (p) => `${p}%00`,
  (p) => `/%00${p}`,
  (p) => `${p}/%00.json`,
  (p) => `/..${p}`,
  (p) => `${p}/../../../../etc/passwd`,
  (p) => `/%2e%2e/%2e%2e${p}`,
  (p) => `${p}/..%2F..%2F..%2Fetc%2Fpasswd`,
  (p) => `${p}/./././`,
  (p) => `//${p}`,
  (p) => p.replace(/\//g, "\\"),
  (p) => `${p}/`,
  (p) => `${p}//`,
  (p) => `${p}%`,
  (p) => `${p}%zz`,
  (p) => `${p}%C0%AE%C0%AE/`,
  (p) => `${p}%FF%FE`,
  (p) => `${p}%E2%82`,
  (p) => `${p}/${"a".repeat(9000)}`,
  (p) => `${p}/${"b".repeat(8000)}`,
  (p) => `${p}${"/x".repeat(2000)}`,
  (p) => `${p};jsessionid=${"1".repeat(20)}`,
  (p) => `${p}#fragment`,
  (p) => `${p}/ünïcødé/😀`,
  (p) => `${p}/%F0%9F%98%80`,
  (p) => `${p}/%ED%A0%80`,
  (p) => p.toUpperCase(),
  (p) => `${p}.data`,
  (p) => `${p}.data.data`,
  (p) => `${p}.json`,
  (p) => `/%2F%2F${p}`,
  (p) => `${p}%2F..%2F..`,
  () => "*",
  () => "",
  () => " ",
  (p) => `http://evil.example${p}`,
  (p) => `HTTP://localhost${p}`,
  (p) => `https://[::1]${p}`,
  (p) => `http://a:b@localhost${p}`,
  (p) => `http://%zz${p}`,
  (p) => `ftp://localhost${p}`,
  (p) => `//evil.example${p}`,
  (p) => `${p}?`.replace("?", "%3F"),
  (p, rng) => `${p}/${rng.word()}/${rng.word()}`,
  (p) => `/_root.data?_routes=${formEncode(p)}`,
  (p) => `${p}\t`,
];

const QUERY_MUTATIONS: Array<(q: string, rng: Rng) => string> = [
  () => "a=%",
  () => "a=%zz&b=%E2%82",
  () => "token=%00",
  () => "token=%FF%FE%FD",
  () => "callbackURL=javascript:alert(1)",
  () => "callbackURL=%2F%2Fevil.example",
  () => "callbackURL=https://evil.example/&token=x",
  () => "callbackURL=%2F%5Cevil.example",
  (q) => `${q}&${"a=1&".repeat(500)}`,
  () => "index",
  () => "_routes=root,routes%2Fprofile,routes%2Fnope",
  () => "_routes=",
  () => "_data=routes%2Fprofile",
  () => "format=json&to=",
  (q, rng) => `format=json&to=${formEncode(rng.pick(["'", "%", "\u0000x", "a".repeat(3000), "*"]))}`,
  () => `token=${"t".repeat(6000)}`,
  () => "error=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  () => "mode=reset&mode=signup",
  () => "mode[]=signup",
  () => "=&&=&",
  () => "a[b][c][d]=1&__proto__[x]=1&constructor[prototype][y]=1",
  () => "q=ünïcødé😀",
  () => "deleted=1&verified=1&error=DELETE_LINK",
  () => "page=-1&limit=99999999",
  (q) => `${q}#frag`,
  (q) => `${q}&${q}&${q}`,
];

const HOST_MUTATIONS: Array<(d: Draft, ctx: FuzzContext, rng: Rng) => HeaderValue[]> = [
  () => [],
  () => [""],
  () => ["   "],
  (_d, ctx) => [ctx.host, ctx.host],
  (_d, ctx) => [ctx.host, "evil.example"],
  () => ["<script>alert(1)</script>"],
  (_d, ctx) => [`${ctx.host}:${ctx.host.split(":")[1]}`],
  (_d, ctx) => [`[::1]:${ctx.host.split(":")[1]}`],
  () => ["[::1"],
  () => ["::1"],
  () => ["[fe80::1%25eth0]"],
  () => ["a".repeat(300)],
  () => [`${"a.".repeat(2000)}example`],
  () => ["x".repeat(9000)],
  () => ["evil.example"],
  () => ["localhost:99999999"],
  () => ["localhost:-1"],
  () => ["localhost:"],
  () => ["0"],
  () => ["127.0.0.1"],
  () => ["host with space"],
  () => [Buffer.from("ëvil.example", "utf8")],
  () => [Buffer.from([0xff, 0xfe, 0x41])],
  () => ["localhost/path"],
  () => ["user@localhost"],
  () => ["-leading-hyphen"],
];

const REQUEST_LINES: Array<(d: Draft, target: string) => string | { version: string }> = [
  () => ({ version: "HTTP/1.0" }),
  () => ({ version: "HTTP/2.0" }),
  () => ({ version: "HTTP/0.9" }),
  () => ({ version: "HTTP/1.2" }),
  () => ({ version: "HTTP/9.9" }),
  () => ({ version: "HTTP/1" }),
  () => ({ version: "http/1.1" }),
  () => ({ version: "HTTPS/1.1" }),
  () => ({ version: "HTTP/1.1 extra" }),
  (d, t) => `${d.method} ${t}`,
  (d, t) => `${d.method}  ${t}  HTTP/1.1`,
  (d, t) => `${d.method}\t${t}\tHTTP/1.1`,
  (d, t) => `${d.method} ${t} HTTP/1.1\r`,
  (d, t) => `${d.method} ${t.replace(/\//g, " /")} HTTP/1.1`,
  (_d, t) => `${t} HTTP/1.1`,
  () => "",
  () => "\u0000\u0001\u0002",
  (d, t) => `\r\n${d.method} ${t} HTTP/1.1`,
];

const CONTENT_TYPES: Array<string | null> = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/json; charset=junk",
  "application/json;;;;charset==",
  "APPLICATION/JSON",
  "application/json, text/plain",
  "application/merge-patch+json",
  "application/vnd.api+json",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  `multipart/form-data; boundary=${"x".repeat(300)}`,
  `multipart/form-data; boundary="${BOUNDARY}"`,
  "multipart/mixed; boundary=abc",
  "text/plain",
  "text/plain;charset=UTF-8",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "*/*",
  "",
  "garbage",
  "json",
  null,
];

const DEEP = 10_000;

const STRUCTURES: Array<(d: Draft, rng: Rng) => { text?: string; body?: Buffer; note: string }> = [
  () => ({ text: "[".repeat(DEEP) + "]".repeat(DEEP), note: `${DEEP} nested arrays` }),
  () => ({ text: '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP), note: `${DEEP} nested objects` }),
  (d) => ({ text: `{"name":${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)},${JSON.stringify(d.fields ?? {}).slice(1)}`, note: "deep value in a field" }),
  () => ({ text: "[".repeat(DEEP), note: "unclosed nesting" }),
  (d) => ({ text: JSON.stringify([d.fields ?? {}]), note: "array instead of object" }),
  () => ({ text: "[]", note: "empty array" }),
  () => ({ text: '"a string"', note: "string instead of object" }),
  () => ({ text: "12345", note: "number instead of object" }),
  () => ({ text: "null", note: "null instead of object" }),
  () => ({ text: "true", note: "boolean instead of object" }),
  () => ({ text: "", note: "empty JSON body" }),
  () => ({ text: "   \n\t ", note: "whitespace JSON body" }),
  (d) => ({ text: JSON.stringify(d.fields ?? {}).slice(0, -3), note: "truncated JSON" }),
  () => ({ text: "{email:'x',password:'y'}", note: "JS object syntax" }),
  (d) => ({ text: JSON.stringify(d.fields ?? {}).replace(/}$/, ",}"), note: "trailing comma" }),
  () => ({ text: '{"a":NaN,"b":Infinity,"c":-Infinity}', note: "NaN/Infinity" }),
  () => ({ text: '{"a":1e999999,"b":-1e999999,"c":123456789012345678901234567890}', note: "huge numbers" }),
  () => ({ text: '/* comment */ {"a":1} // trailing', note: "comments" }),
  (d) => ({ text: `\uFEFF${JSON.stringify(d.fields ?? {})}`, note: "BOM" }),
  (d) => ({ body: Buffer.from(`\uFEFF${JSON.stringify(d.fields ?? {})}`, "utf16le"), note: "UTF-16 body" }),
  (d) => ({
    body: Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
      Buffer.from(`",${JSON.stringify(d.fields ?? {}).slice(1)}`),
    ]),
    note: "invalid UTF-8 in a string",
  }),
  () => ({ body: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0x81]), note: "binary garbage" }),
  (d, rng) => ({ body: rng.bytes(rng.int(1, 4000)), note: "random bytes" }),
  (d) => ({ text: `${JSON.stringify(d.fields ?? {})}${JSON.stringify(d.fields ?? {})}`, note: "two JSON documents" }),
  () => ({ text: '{"email":"a@example.test","email":{"nested":true},"password":"x","password":["y"]}', note: "duplicate keys" }),
  () => ({ text: `{${Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(",")}}`, note: "3000 keys" }),
  () => ({ text: `[${"1,".repeat(15000)}1]`, note: "15000-element array" }),
  () => ({ text: '{"a":"\\ud800","b":"\\udfff","c":"\\u0000","d":"\\uZZZZ"}', note: "bad escapes" }),
];

function applyToStrings(fields: Record<string, unknown>, f: (s: string) => string): void {
  for (const [k, v] of Object.entries(fields)) if (typeof v === "string") fields[k] = f(v);
}

const MUTATORS: Record<Category, Mutator> = {
  baseline: () => {},

  method(d, rng, _ctx, notes) {
    d.method = rng.pick(WEIRD_METHODS);
    notes.push(`method ${JSON.stringify(d.method.slice(0, 20))}`);
  },

  path(d, rng, _ctx, notes) {
    const i = rng.int(0, PATH_MUTATIONS.length - 1);
    d.path = PATH_MUTATIONS[i]!(d.path, rng);
    notes.push(`path mutation #${i}`);
  },

  query(d, rng, _ctx, notes) {
    const i = rng.int(0, QUERY_MUTATIONS.length - 1);
    d.query = QUERY_MUTATIONS[i]!(d.query, rng);
    notes.push(`query mutation #${i}`);
  },

  host(d, rng, ctx, notes) {
    const i = rng.int(0, HOST_MUTATIONS.length - 1);
    d.hosts = HOST_MUTATIONS[i]!(d, ctx, rng);
    notes.push(`host mutation #${i}`);
  },

  "request-line"(d, rng, _ctx, notes) {
    const i = rng.int(0, REQUEST_LINES.length - 1);
    const target = d.query ? `${d.path}?${d.query}` : d.path;
    const line = REQUEST_LINES[i]!(d, target);
    if (typeof line === "string") d.requestLine = line;
    else d.version = line.version;
    notes.push(`request line #${i}`);
  },

  "content-type"(d, rng, _ctx, notes) {
    if (d.encoding === "none") d.encoding = "json";
    if (!d.fields) d.fields = { name: "x" };
    d.contentType = rng.pick(CONTENT_TYPES);
    notes.push(`content-type ${JSON.stringify(d.contentType)} on a ${d.encoding} body`);
  },

  "json-values"(d, rng, _ctx, notes) {
    d.fields ??= {};
    const keys = Object.keys(d.fields);
    for (const k of keys) if (rng.chance(0.6)) d.fields[k] = wrongTypeValue(rng);
    if (rng.chance(0.5))
      Object.assign(d.fields, { id: "someone-else", userId: "x", email: "admin@example.test", emailVerified: true, role: "admin", login_count: 1e9 });
    if (keys.length === 0 || rng.chance(0.3)) d.fields[rng.pick(["name", "email", "password", "token", "about", "message"])] = wrongTypeValue(rng);
    if (d.encoding === "none") d.encoding = "json";
    notes.push("wrong types and nasty strings in fields");
  },

  nul(d, rng, _ctx, notes) {
    // Every free-text value carries a NUL (structural fields stay valid, so the request gets past validation).
    d.fields ??= { name: "x", email: "x@example.test" };
    const where = rng.pick(["alone", "first", "middle", "last"] as const);
    for (const [k, v] of Object.entries(d.fields)) {
      if (typeof v !== "string" || STRUCTURAL_FIELDS.has(k)) continue;
      d.fields[k] = where === "alone" ? "\u0000" : where === "first" ? `\u0000${v}` : where === "last" ? `${v}\u0000` : insertNul(v, rng);
    }
    if (d.encoding === "none") d.encoding = "json";
    notes.push(`NUL in every free-text value (${where})`);
  },

  "proto-keys"(d, rng, _ctx, notes) {
    const natural = JSON.stringify(d.fields ?? {}).slice(1, -1);
    const variants = [
      `{"__proto__":{"isAdmin":true,"emailVerified":true,"role":"admin"}${natural ? "," : ""}${natural}}`,
      `{"constructor":{"prototype":{"polluted":true}}${natural ? "," : ""}${natural}}`,
      `{"prototype":{"x":1},"__proto__":null${natural ? "," : ""}${natural}}`,
      `{${natural}${natural ? "," : ""}"toString":"x","valueOf":1,"hasOwnProperty":"x","__defineGetter__":1}`,
      `{"name":{"__proto__":{"toString":"x"}},"email":{"constructor":{"name":"x"}}}`,
      `{"__proto__":[],"constructor":"x","prototype":"y","email":"a@example.test"}`,
      `{${natural}${natural ? "," : ""}"na\\u0000me":"x","\\u0000":"\\u0000","":""}`,
    ];
    if (d.encoding === "urlencoded" || d.encoding === "multipart") {
      const extra = "__proto__[isAdmin]=true&constructor[prototype][polluted]=1&toString=x&hasOwnProperty=x&__proto__=x&na%00me=x&%00=%00";
      d.body = Buffer.from(`${encodeUrlencoded(d.fields ?? {})}&${extra}`);
      d.contentType = FORM_CT;
      notes.push("prototype keys (urlencoded)");
    } else {
      d.jsonText = rng.pick(variants);
      notes.push("prototype keys (JSON)");
    }
  },

  "json-structure"(d, rng, _ctx, notes) {
    const i = rng.int(0, STRUCTURES.length - 1);
    const out = STRUCTURES[i]!(d, rng);
    if (out.body) {
      d.body = out.body;
      d.contentType = JSON_CT;
    } else d.jsonText = out.text;
    d.encoding = "json";
    notes.push(`JSON structure: ${out.note}`);
  },

  "form-encoding"(d, rng, _ctx, notes) {
    const fields = d.fields ?? { name: "x" };
    const natural = encodeUrlencoded(fields);
    const b = BOUNDARY;
    const variants: Array<[string, string | Buffer, string]> = [
      ["percent junk", `${natural}&a=%&b=%zz&c=%E0%A4%A&d=%`, FORM_CT],
      ["empty pairs", "=&=&&&=", FORM_CT],
      ["keys without values", "name&email&message&intent", FORM_CT],
      ["repeated keys", `${natural}&${natural}&intent=save&intent=delete`, FORM_CT],
      ["5000 params", Array.from({ length: 5000 }, (_, i) => `k${i}=${i}`).join("&"), FORM_CT],
      ["raw invalid UTF-8", Buffer.concat([Buffer.from(`${natural}&name=`), Buffer.from([0xc3, 0x28, 0xff, 0x80])]), FORM_CT],
      ["raw NUL bytes", Buffer.concat([Buffer.from(`${natural}&about=a`), Buffer.from([0]), Buffer.from("b")]), FORM_CT],
      [
        "multipart without boundary",
        multipart(
          Object.entries(fields).map(([k, v]) => [k, asFormString(v)]),
          b,
        ),
        "multipart/form-data",
      ],
      [
        "multipart with a wrong boundary",
        multipart(
          Object.entries(fields).map(([k, v]) => [k, asFormString(v)]),
          "other",
        ),
        `multipart/form-data; boundary=${b}`,
      ],
      ["multipart unterminated", `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue`, `multipart/form-data; boundary=${b}`],
      ["multipart without final boundary", `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue\r\n`, `multipart/form-data; boundary=${b}`],
      [
        "multipart file upload",
        `--${b}\r\nContent-Disposition: form-data; name="message"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nn\r\n--${b}--\r\n`,
        `multipart/form-data; boundary=${b}`,
      ],
      [
        "multipart part without name",
        `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}\r\n\r\nno headers\r\n--${b}--\r\n`,
        `multipart/form-data; boundary=${b}`,
      ],
      ["multipart LF only", `--${b}\nContent-Disposition: form-data; name="name"\n\nx\n--${b}--\n`, `multipart/form-data; boundary=${b}`],
      [
        "multipart 1000 parts",
        multipart(
          Array.from({ length: 1000 }, (_, i) => [`p${i}`, "v"]),
          b,
        ),
        `multipart/form-data; boundary=${b}`,
      ],
      [
        "multipart huge part header",
        `--${b}\r\nContent-Disposition: form-data; name="${"n".repeat(20000)}"\r\n\r\nx\r\n--${b}--\r\n`,
        `multipart/form-data; boundary=${b}`,
      ],
      [
        "multipart nested",
        `--${b}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n--${b}--\r\n`,
        `multipart/form-data; boundary=${b}`,
      ],
      [
        "multipart NUL in name",
        multipart(
          [
            ["na\u0000me", "x\u0000y"],
            ["email", "a\u0000@example.test"],
          ],
          b,
        ),
        `multipart/form-data; boundary=${b}`,
      ],
    ];
    const [note, body, type] = rng.pick(variants);
    d.body = typeof body === "string" ? Buffer.from(body) : body;
    d.contentType = type;
    notes.push(`form encoding: ${note}`);
  },

  size(d, rng, _ctx, notes) {
    const KB = 1024;
    const target = rng.pick([32 * KB - 1, 32 * KB, 32 * KB + 1, 64 * KB - 1, 64 * KB, 64 * KB + 1, 70 * KB, 256 * KB]);
    const fields = { ...(d.fields ?? {}), message: "", about: "" };
    const key = rng.pick(["message", "about", "name", "email", "password", "padding"]);
    const skeleton = d.encoding === "json" || d.encoding === "none" ? JSON.stringify({ ...fields, [key]: "" }) : encodeUrlencoded({ ...fields, [key]: "" });
    const pad = Math.max(0, target - Buffer.byteLength(skeleton));
    const filler = rng.chance(0.8) ? "x".repeat(pad) : "é".repeat(Math.floor(pad / 2));
    if (d.encoding === "json" || d.encoding === "none") {
      d.jsonText = JSON.stringify({ ...fields, [key]: filler });
      d.encoding = "json";
    } else {
      d.body = Buffer.from(encodeUrlencoded({ ...fields, [key]: filler }));
      d.contentType = FORM_CT;
    }
    if (rng.chance(0.25)) {
      d.chunked = true;
      notes.push("chunked");
    }
    notes.push(`body of ~${target} bytes in "${key}"`);
  },

  cookies(d, rng, ctx, notes) {
    const valid = ctx.session?.cookie;
    const token = valid ? decodeURIComponent(valid.split("=")[1]!) : `${rng.word(32, 32)}.${"A".repeat(43)}=`;
    const [raw, sig = ""] = token.split(".");
    const variants: Array<[string, () => void]> = [
      ["bare name", () => (d.cookies = ["tuesday.session_token"])],
      ["equals soup", () => (d.cookies = ["=;=;;==; ;"])],
      ["empty value", () => (d.cookies = ["tuesday.session_token="])],
      ["quoted value", () => (d.cookies = [`tuesday.session_token="${token}"`])],
      ["bad percent", () => (d.cookies = ["tuesday.session_token=%ZZ%E2%82"])],
      ["forged random token", () => (d.cookies = [`tuesday.session_token=${rng.word(32, 32)}.${encodeURIComponent(rng.bytes(32).toString("base64"))}`])],
      ["real token, forged signature", () => (d.cookies = [`tuesday.session_token=${raw}.${encodeURIComponent(rng.bytes(32).toString("base64"))}`])],
      ["real token, no signature", () => (d.cookies = [`tuesday.session_token=${raw}`])],
      ["signature only", () => (d.cookies = [`tuesday.session_token=.${sig}`])],
      ["many dots", () => (d.cookies = [`tuesday.session_token=${raw}.${sig}.${sig}.x`])],
      ["huge value (8 KB)", () => (d.cookies = [`tuesday.session_token=${"A".repeat(8000)}`])],
      ["huge value (20 KB)", () => (d.cookies = [`tuesday.session_token=${"A".repeat(20000)}`])],
      ["valid then forged", () => (d.cookies = [...(valid ? [valid] : []), `tuesday.session_token=${rng.word(32, 32)}.x`])],
      ["forged then valid", () => (d.cookies = [`tuesday.session_token=${rng.word(32, 32)}.x`, ...(valid ? [valid] : [])])],
      ["two Cookie headers", () => (d.extraCookieHeaders = [`tuesday.session_token=${rng.word(32, 32)}.y`])],
      ["same cookie twice", () => (d.cookies = valid ? [valid, valid] : ["tuesday.session_token=a", "tuesday.session_token=a"])],
      ["junk session_data", () => d.cookies.push(`tuesday.session_data=${encodeURIComponent(rng.bytes(48).toString("base64"))}`)],
      ["junk pending_verification", () => d.cookies.push(`tuesday.pending_verification=${rng.word(10, 200)}.${rng.word(10, 40)}`)],
      ["dont_remember", () => d.cookies.push("tuesday.dont_remember=true")],
      ["__Secure- prefix", () => (d.cookies = [`__Secure-tuesday.session_token=${token}`])],
      ["200 cookies", () => d.cookies.push(...Array.from({ length: 200 }, (_, i) => `c${i}=${i}`))],
      ["unicode value", () => d.cookies.push("tuesday.session_token=ünïcødé😀")],
      ["raw high bytes", () => d.extraCookieHeaders.push("tuesday.session_token=\u00ff\u00fe")],
      ["JSON value", () => (d.cookies = ['tuesday.session_token={"id":1}'])],
      ["semicolon only", () => (d.cookies = [";"])],
    ];
    const [note, apply] = rng.pick(variants);
    apply();
    notes.push(`cookie: ${note}`);
  },

  origin(d, rng, ctx, notes) {
    const port = ctx.host.split(":")[1];
    const origins: Array<string | null> = [
      ctx.origin,
      "null",
      "http://evil.example",
      `http://localhost:${port}.evil.example`,
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
      `https://localhost:${port}`,
      `http://localhost:${Number(port) + 1}`,
      "",
      "garbage",
      "http://",
      `${ctx.origin}/path`,
      `${ctx.origin}, http://evil.example`,
      "x".repeat(5000),
      null,
    ];
    d.origin = rng.pick(origins);
    const site = rng.pick([null, "same-origin", "same-site", "cross-site", "none", "garbage"]);
    if (site) d.headers.push(["Sec-Fetch-Site", site]);
    if (rng.chance(0.3)) d.headers.push(["Sec-Fetch-Mode", rng.pick(["navigate", "cors", "no-cors", "websocket", "x"])]);
    if (rng.chance(0.3)) d.headers.push(["Referer", rng.pick(["http://evil.example/", ctx.origin + "/", "not a url"])]);
    if (rng.chance(0.2) && d.origin) d.headers.push(["Origin", "http://evil.example"]);
    notes.push(`origin ${JSON.stringify(d.origin?.slice(0, 60) ?? null)}, sec-fetch-site ${site}`);
  },

  "x-forwarded-for"(d, rng, _ctx, notes) {
    const variants: Array<[string, string[]]> = [
      ["empty", [""]],
      ["garbage", ["garbage"]],
      ["two hops", [`${rng.ipv4()}, ${rng.ipv4()}`]],
      ["invalid IPv4", ["999.999.999.999"]],
      ["IPv6 loopback", ["::1"]],
      ["IPv6", ["2001:db8::1"]],
      ["bracketed IPv6 with port", ["[2001:db8::1]:443"]],
      ["unknown", ["unknown"]],
      ["5000 chars", ["1".repeat(5000)]],
      ["1000 entries", [Array.from({ length: 1000 }, () => rng.ipv4()).join(", ")]],
      ["two headers", [rng.ipv4(), rng.ipv4()]],
      ["spoofed loopback", ["127.0.0.1"]],
      ["trailing comma", [`${rng.ipv4()},`]],
      ["commas only", [",,,"]],
      ["IP with port", [`${rng.ipv4()}:8080`]],
      ["script", ["<script>alert(1)</script>"]],
    ];
    const [note, values] = rng.pick(variants);
    d.xff = values;
    if (rng.chance(0.3)) d.headers.push(["X-Real-IP", rng.pick(["1.2.3.4", "garbage"])]);
    if (rng.chance(0.3)) d.headers.push(["Forwarded", rng.pick(["for=1.2.3.4;proto=https", 'for="[::1]"', "junk"])]);
    notes.push(`x-forwarded-for: ${note}`);
  },

  headers(d, rng, _ctx, notes) {
    const variants: Array<[string, () => void]> = [
      ["10 KB header", () => d.headers.push(["X-Big", "b".repeat(10_000)])],
      ["17 KB header", () => d.headers.push(["X-Big", "b".repeat(17_000)])],
      ["200 headers", () => d.headers.push(...Array.from({ length: 200 }, (_, i) => [`X-H${i}`, String(i)] as [string, string]))],
      ["bad header name", () => d.headers.push(["X Bad Name", "1"])],
      ["header name with colon junk", () => d.headers.push(["X-A:", "1"])],
      ["control char in value", () => d.headers.push(["X-Ctl", "a\u0001b"])],
      ["obs-fold", () => d.headers.push(["X-Fold", "a\r\n  folded"])],
      ["chunked body", () => (d.chunked = true)],
      [
        "TE and CL both",
        () => {
          d.chunked = true;
          d.contentLength = ["5"];
        },
      ],
      [
        "TE gzip, chunked",
        () => {
          d.chunked = true;
          d.headers.push(["Transfer-Encoding", "gzip"]);
        },
      ],
      ["TE identity", () => d.headers.push(["Transfer-Encoding", "identity"])],
      ["two different CLs", () => (d.contentLength = ["1", "2"])],
      ["negative CL", () => (d.contentLength = ["-1"])],
      ["CL 1e3", () => (d.contentLength = ["1e3"])],
      ["CL with spaces", () => (d.contentLength = [" 0 "])],
      ["CL 100000000, small body", () => (d.contentLength = ["100000000"])],
      ["Expect: 100-continue", () => d.headers.push(["Expect", "100-continue"])],
      ["Expect: junk", () => d.headers.push(["Expect", "the-unexpected"])],
      [
        "Upgrade: websocket",
        () =>
          d.headers.push(
            ["Connection", "Upgrade"],
            ["Upgrade", "websocket"],
            ["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
            ["Sec-WebSocket-Version", "13"],
          ),
      ],
      ["Upgrade: h2c", () => d.headers.push(["Connection", "Upgrade, HTTP2-Settings"], ["Upgrade", "h2c"], ["HTTP2-Settings", "AAMAAABkAARAAAAAAAIAAAAA"])],
      ["Accept: text/x-script", () => d.headers.push(["Accept", "text/x-script"])],
      ["Accept: JSON", () => d.headers.push(["Accept", "application/json"])],
      ["Accept junk", () => d.headers.push(["Accept", ";;;q=x, */*;q=-1"])],
      ["Accept-Encoding all", () => d.headers.push(["Accept-Encoding", "gzip, deflate, br, zstd, *;q=0.1"])],
      ["Accept-Encoding junk", () => d.headers.push(["Accept-Encoding", "gzip;q=x, br;q=2, ;;"])],
      ["Range", () => d.headers.push(["Range", rng.pick(["bytes=0-10", "bytes=999999-", "bytes=-1", "lines=1-2", "bytes=5-1"])])],
      ["If-None-Match *", () => d.headers.push(["If-None-Match", "*"])],
      ["If-Modified-Since junk", () => d.headers.push(["If-Modified-Since", "yesterday"])],
      ["Content-Encoding gzip, plain body", () => d.headers.push(["Content-Encoding", "gzip"])],
      ["Content-Encoding junk", () => d.headers.push(["Content-Encoding", "br, x-junk"])],
      ["method override", () => d.headers.push(["X-HTTP-Method-Override", "DELETE"], ["X-HTTP-Method", "PUT"])],
      ["X-Forwarded-Host/Proto", () => d.headers.push(["X-Forwarded-Host", "evil.example"], ["X-Forwarded-Proto", "https"])],
      ["Authorization junk", () => d.headers.push(["Authorization", rng.pick(["Bearer junk", "Basic %%%", "Bearer " + "a".repeat(4000), ""])])],
      ["x-api-key junk", () => d.headers.push(["x-api-key", "wrong"])],
      ["Connection soup", () => d.headers.push(["Connection", "keep-alive, Upgrade, close, te"])],
      ["Content-Language/Disposition junk", () => d.headers.push(["Content-Disposition", "attachment; filename=../../x"], ["Content-Language", "$$$"])],
      ["UTF-8 in header value", () => d.headers.push(["X-Unicode", Buffer.from("ünïcødé😀", "utf8")])],
      ["latin1 high bytes in User-Agent", () => d.headers.push(["User-Agent", Buffer.from([0xff, 0xfe, 0x80, 0x41])])],
    ];
    const [note, apply] = rng.pick(variants);
    apply();
    if ((d.chunked || d.contentLength !== "auto") && !d.fields && !d.body && d.jsonText === undefined) {
      d.fields = { name: "x" };
      if (d.encoding === "none") d.encoding = "json";
    }
    notes.push(`headers: ${note}`);
  },

  unicode(d, rng, _ctx, notes) {
    if (d.fields) applyToStrings(d.fields, () => rng.pick(UNICODE_STRINGS));
    if (d.fields && "email" in d.fields)
      d.fields.email = rng.pick(["ｕｓｅｒ@ｅｘａｍｐｌｅ.ｔｅｓｔ", "üser@exämple.test", "user@xn--exmple-cua.test", "\u202Euser@example.test"]);
    // Raw UTF-8 in the request line is mostly refused by the HTTP parser itself; percent-encoded it reaches the app.
    const segment = rng.pick(["ünïcødé", "😀", "名前", "\u202E", "e\u0301"]);
    if (rng.chance(0.15)) d.path = `${d.path}/${segment}`;
    else if (rng.chance(0.4)) d.path = `${d.path}/${formEncode(segment)}`;
    if (rng.chance(0.3)) d.query = `${d.query}${d.query ? "&" : ""}q=${rng.pick(["ünï", "😀", "%F0%9F%98%80"])}`;
    notes.push("unicode in fields and path");
  },
};

/**
 * Categories every run covers for every endpoint (signed in and out), before
 * anything else: those whose effect depends on the handler. The others (Host,
 * request line, Origin, X-Forwarded-For… mostly settled at the edge or in the
 * root middleware) are sampled over the rest of the run.
 */
const CORE_WRITE = new Set<Category>([
  "baseline",
  "method",
  "path",
  "query",
  "content-type",
  "json-values",
  "nul",
  "proto-keys",
  "json-structure",
  "form-encoding",
  "size",
  "cookies",
  "headers",
  "unicode",
]);
const CORE_READ = new Set<Category>(["baseline", "path", "query", "cookies", "unicode"]);

type Combo = { endpoint: Endpoint; signedIn: boolean; category: Category };

export interface Schedule {
  /** Covered first, once each, in a seeded order. */
  core: Combo[];
  /** Every combination; after the core, rounds over these (each round in its own seeded order). */
  all: Combo[];
}

export function makeSchedule(endpoints: Endpoint[]): Schedule {
  const core: Combo[] = [];
  const all: Combo[] = [];
  for (const endpoint of endpoints) {
    for (const signedIn of [false, true]) {
      for (const category of categoriesFor(endpoint)) {
        all.push({ endpoint, signedIn, category });
        if ((endpoint.readOnly ? CORE_READ : CORE_WRITE).has(category)) core.push({ endpoint, signedIn, category });
      }
    }
  }
  return { core, all };
}

const orders = new Map<string, number[]>();
function order(seed: number, stream: number, n: number): number[] {
  const key = `${seed}/${stream}/${n}`;
  let o = orders.get(key);
  if (!o) {
    o = new Rng(seed, 0x5eed, stream).shuffle(Array.from({ length: n }, (_, i) => i));
    orders.set(key, o);
  }
  return o;
}

export function comboFor(schedule: Schedule, seed: number, index: number): Combo {
  const { core, all } = schedule;
  if (index < core.length) return core[order(seed, 0, core.length)[index]!]!;
  const j = index - core.length;
  const round = Math.floor(j / all.length);
  return all[order(seed, round + 1, all.length)[j % all.length]!]!;
}

export function generate(schedule: Schedule, seed: number, index: number, ctx: FuzzContext): FuzzRequest {
  const { endpoint, signedIn, category } = comboFor(schedule, seed, index);
  const rng = new Rng(seed, index);
  const notes: string[] = [];
  const d = baseDraft(endpoint, signedIn, rng, ctx);
  MUTATORS[category](d, rng, ctx, notes);
  // After the core round, now and then a second mutation on top (never the same one).
  if (index >= schedule.core.length && category !== "baseline" && rng.chance(0.25)) {
    const extra = rng.pick(CATEGORIES.filter((c) => c !== category && c !== "baseline" && c !== "request-line"));
    MUTATORS[extra](d, rng, ctx, notes);
  }
  return { index, endpoint, signedIn, category, notes, ...finalize(d, rng) };
}

function finalize(d: Draft, rng: Rng): { raw: RawRequest; echo: string } {
  const target = d.query ? `${d.path}?${d.query}` : d.path;
  const headers: Array<[string, HeaderValue]> = [];
  for (const h of d.hosts) headers.push(["Host", h]);
  headers.push(...d.headers);
  if (d.origin !== null) headers.push(["Origin", d.origin]);
  for (const x of d.xff) headers.push(["X-Forwarded-For", x]);
  if (d.cookies.length) headers.push(["Cookie", d.cookies.join("; ")]);
  for (const c of d.extraCookieHeaders) headers.push(["Cookie", c]);
  const { body, type } = encodeBody(d);
  if (type !== null && (body !== null || d.contentType)) headers.push(["Content-Type", type]);
  let wire: Buffer | undefined;
  if (body !== null) {
    if (d.chunked) {
      headers.push(["Transfer-Encoding", "chunked"]);
      wire = chunk(body, rng);
    } else wire = body;
  }
  if (d.contentLength === "auto") {
    if (body !== null && !d.chunked) headers.push(["Content-Length", String(body.length)]);
  } else if (d.contentLength !== "none") for (const v of d.contentLength) headers.push(["Content-Length", v]);
  headers.push(["Connection", "close"]);
  const raw: RawRequest = { method: d.method, target, version: d.version, headers, body: wire };
  if (d.requestLine !== undefined) raw.requestLine = d.requestLine;
  const echo = `${target}\n${headers.map(([k, v]) => `${k}: ${v.toString()}`).join("\n")}\n${body?.toString("utf8") ?? ""}`;
  return { raw, echo };
}
