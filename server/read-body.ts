/**
 * Reads a request body at the edge, never more than `limit` bytes: a declared
 * Content-Length over the limit is refused before a byte is read, and a body
 * without one (chunked) is counted while it arrives and refused the moment it
 * passes the limit. Bodies are small (64 KB at most), so holding one whole
 * costs less than streaming it through the app, and no handler can be made to
 * buffer more than its route allows.
 */
import type { IncomingMessage } from "node:http";

export type BodyResult = { kind: "ok"; body: Buffer } | { kind: "too-large" } | { kind: "aborted" };

export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) return Promise.resolve({ kind: "too-large" });
  if (declared === 0) return Promise.resolve({ kind: "ok", body: Buffer.alloc(0) });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        // Stop taking data; the answer closes the connection (see http.ts).
        req.pause();
        chunks.length = 0;
        finish({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: "ok", body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) });
    const onError = () => finish({ kind: "aborted" });
    const onClose = () => finish(req.complete ? { kind: "ok", body: Buffer.concat(chunks, total) } : { kind: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
