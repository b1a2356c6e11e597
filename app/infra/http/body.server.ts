/**
 * The one body reader of the app: every action, API handler and the Better
 * Auth route read request bodies through it. It answers with data, never
 * throws, and refuses with the status a client deserves:
 *
 *   413  more bytes than the route's cap (body-limits.ts): counted while
 *        reading, after a Content-Length check; the edge already refused
 *        most of these, this covers `npm run dev` and direct callers
 *   415  a content type the route does not take (or a body without one)
 *   400  bytes that are not UTF-8, text that holds a NUL character or a
 *        lone surrogate (PostgreSQL refuses both in text), JSON that does
 *        not parse or is not an object, bad percent-encoding
 *
 * Fields come back in an object without a prototype, so `__proto__` or
 * `constructor` keys are plain keys. Only string values (and, for JSON, the
 * values as sent, for the caller's validation) are kept; file parts of a
 * multipart body are reported, never read.
 */
import { bodyLimitFor, tooLargeMessage } from "./body-limits";

export type BodyType = "json" | "urlencoded" | "multipart";

export type Fields = Record<string, unknown>;

export type BodyRead = { ok: true; fields: Fields; type: BodyType | "empty"; hasFiles: boolean } | { ok: false; status: 400 | 413 | 415; message: string };

export interface ReadOptions {
  /** Content types the route takes; default all three. */
  accept?: readonly BodyType[];
  /** Byte cap; default the route's (bodyLimitFor). */
  limit?: number;
}

const MESSAGES = {
  type: (accepted: readonly BodyType[]) =>
    `Send the body as ${accepted.map((t) => ({ json: "application/json", urlencoded: "application/x-www-form-urlencoded", multipart: "multipart/form-data" })[t]).join(" or ")}.`,
  utf8: "The request body is not valid UTF-8.",
  nul: "Text may not contain a NUL character.",
  text: "Text may not contain a lone UTF-16 surrogate.",
  json: "The request body is not valid JSON.",
  jsonObject: "The request body must be a JSON object.",
  encoding: "The request body is not valid form encoding.",
  deep: "The request body is nested too deeply.",
} as const;

/** Deeper JSON than this is not a form: refuse it rather than walk it. */
const MAX_DEPTH = 32;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function fail(status: 400 | 413 | 415, message: string): BodyRead {
  return { ok: false, status, message };
}

async function readBytes(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

function typeOf(header: string): BodyType | null {
  const mime = header.split(";")[0]!.trim().toLowerCase();
  if (mime === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mime)) return "json";
  if (mime === "application/x-www-form-urlencoded") return "urlencoded";
  if (mime === "multipart/form-data") return "multipart";
  return null;
}

/**
 * Lone UTF-16 surrogates: JSON can spell them ("\ud83d") but they are no
 * text; encodeURIComponent throws on them and PostgreSQL refuses them.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a string the body holds, if anything. */
function textFault(text: string): "nul" | "text" | undefined {
  if (text.includes("\0")) return "nul";
  if (LONE_SURROGATE.test(text)) return "text";
  return undefined;
}

/** The first fault of any string (key or value) in the tree; "deep" when too deep to walk. */
function faultIn(value: unknown, depth = 0): "nul" | "text" | "deep" | undefined {
  if (depth > MAX_DEPTH) return "deep";
  if (typeof value === "string") return textFault(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = faultIn(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = textFault(key) ?? faultIn(item, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function decodeComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

function parseUrlencoded(text: string): Fields | null {
  const fields: Fields = Object.create(null);
  if (text === "") return fields;
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    let key: string;
    let value: string;
    try {
      key = decodeComponent(eq >= 0 ? pair.slice(0, eq) : pair);
      value = eq >= 0 ? decodeComponent(pair.slice(eq + 1)) : "";
    } catch {
      return null; // bad percent-encoding, or percent-encoded bytes that are not UTF-8
    }
    if (!(key in fields)) fields[key] = value;
  }
  return fields;
}

export async function readRequestBody(request: Request, options: ReadOptions = {}): Promise<BodyRead> {
  const accept = options.accept ?? (["json", "urlencoded", "multipart"] as const);
  const pathname = new URL(request.url).pathname;
  const limit = options.limit ?? bodyLimitFor(pathname);

  let bytes: Uint8Array | null;
  try {
    bytes = await readBytes(request, limit);
  } catch {
    return fail(400, "The request body could not be read.");
  }
  if (!bytes)
    return fail(413, options.limit ? `The request body is too large: the limit is ${Math.round(options.limit / 1024)} KB.` : tooLargeMessage(pathname));

  const header = request.headers.get("content-type") ?? "";
  if (bytes.byteLength === 0 && header === "") return { ok: true, fields: Object.create(null), type: "empty", hasFiles: false };
  const type = typeOf(header);
  if (!type || !accept.includes(type)) return fail(415, MESSAGES.type(accept));

  if (type === "multipart") {
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": header } }).formData();
    } catch {
      return fail(400, "The request body is not valid multipart/form-data.");
    }
    const fields: Fields = Object.create(null);
    let hasFiles = false;
    for (const [key, value] of form) {
      if (typeof value !== "string") {
        if (value.size > 0 || value.name) hasFiles = true;
        continue;
      }
      if (!(key in fields)) fields[key] = value;
    }
    // Text parts are decoded leniently by the parser; without files the whole body must be UTF-8.
    if (!hasFiles) {
      try {
        utf8.decode(bytes);
      } catch {
        return fail(400, MESSAGES.utf8);
      }
    }
    const fault = faultIn(fields);
    if (fault) return fail(400, MESSAGES[fault]);
    return { ok: true, fields, type, hasFiles };
  }

  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return fail(400, MESSAGES.utf8);
  }

  if (type === "urlencoded") {
    const fields = parseUrlencoded(text);
    if (!fields) return fail(400, MESSAGES.encoding);
    const fault = faultIn(fields);
    if (fault) return fail(400, MESSAGES[fault]);
    return { ok: true, fields, type, hasFiles: false };
  }

  if (text.trim() === "") return { ok: true, fields: Object.create(null), type, hasFiles: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(400, MESSAGES.json);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return fail(400, MESSAGES.jsonObject);
  const fault = faultIn(value);
  if (fault) return fail(400, MESSAGES[fault]);
  const fields: Fields = Object.create(null);
  for (const [key, item] of Object.entries(value)) fields[key] = item;
  return { ok: true, fields, type, hasFiles: false };
}

/** The string value of a field, or undefined when it is missing or not text. */
export function textField(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === "string" ? value : undefined;
}
