/**
 * Reads a form submission's body (JSON, urlencoded or multipart) with a hard
 * size limit: the declared Content-Length is checked first, and the bytes
 * actually read too (a chunked body declares none).
 */

/** Spec'd limit for a whole submission body: 32 KB. */
export const MAX_BODY_BYTES = 32 * 1024;

/**
 * After the limit, this much more is read and thrown away so that the client
 * still gets its 413 (cancelling the stream would reset the connection);
 * past it the stream is cancelled.
 */
const DRAIN_BYTES = 1024 * 1024;

export type FormBody =
  | {
      kind: "ok";
      /** String fields; a JSON body keeps its values' types (validation reports non-strings). */
      fields: Record<string, unknown>;
      /** A multipart body carried a file. */
      hasFiles: boolean;
    }
  | { kind: "too-large" };

/** The body's bytes, or null when there are more than `limit`. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        over = true;
        if (total > limit + DRAIN_BYTES) {
          await reader.cancel().catch(() => {});
          break;
        }
        continue;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return over ? null : Buffer.concat(chunks);
}

function fromJson(bytes: Uint8Array): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function readFormBody(request: Request, limit = MAX_BODY_BYTES): Promise<FormBody> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return { kind: "too-large" };

  const bytes = await readCapped(request.body, limit);
  if (!bytes) return { kind: "too-large" };

  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) return { kind: "ok", fields: fromJson(bytes), hasFiles: false };

  if (type.includes("application/x-www-form-urlencoded")) {
    const params = new URLSearchParams(new TextDecoder().decode(bytes));
    const fields: Record<string, unknown> = {};
    for (const [key, value] of params) if (!(key in fields)) fields[key] = value;
    return { kind: "ok", fields, hasFiles: false };
  }

  if (type.includes("multipart/form-data")) {
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type")! } }).formData();
      const fields: Record<string, unknown> = {};
      let hasFiles = false;
      for (const [key, value] of form) {
        if (typeof value === "string") {
          if (!(key in fields)) fields[key] = value;
        } else if (value.size > 0 || value.name) {
          hasFiles = true;
        }
      }
      return { kind: "ok", fields, hasFiles };
    } catch {
      return { kind: "ok", fields: {}, hasFiles: false };
    }
  }

  // No body, or a type we do not read: nothing was submitted.
  return { kind: "ok", fields: {}, hasFiles: false };
}
