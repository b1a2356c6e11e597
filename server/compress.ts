/**
 * Writing a Fetch `Response` to Node's `ServerResponse`, compressed when
 * that pays off.
 *
 *   - a body that turns out smaller than MIN_BYTES (most JSON answers) goes out
 *     as it is, with a Content-Length: compressing it costs more CPU than the
 *     bytes it saves
 *   - a larger text body is compressed on the fly: brotli at quality 4 (fast,
 *     and smaller than gzip at 6) when the client takes it, else gzip
 *   - a streamed body (server rendering) is flushed whenever the stream pauses,
 *     so the shell of a page reaches the browser before the rest is ready
 *   - backpressure all the way: a slow client never makes the server buffer
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from "node:zlib";

export const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

type Encoding = "br" | "gzip";

function negotiate(req: IncomingMessage, response: Response): Encoding | null {
  const type = response.headers.get("content-type") ?? "";
  if (!COMPRESSIBLE.test(type) || response.headers.has("content-encoding")) return null;
  if (/\bno-transform\b/.test(response.headers.get("cache-control") ?? "")) return null;
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

function waitFor(emitter: NodeJS.EventEmitter, event: string, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      emitter.off(event, done);
      res.off("close", done);
      resolve();
    };
    emitter.on(event, done);
    res.on("close", done);
  });
}

async function pumpRaw(res: ServerResponse, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (res.destroyed) return void (await reader.cancel().catch(() => {}));
    if (!res.write(value)) await waitFor(res, "drain", res);
  }
  res.end();
}

async function pumpCompressed(res: ServerResponse, reader: ReadableStreamDefaultReader<Uint8Array>, head: Uint8Array[], encoding: Encoding): Promise<void> {
  const zip: BrotliCompress | Gzip =
    encoding === "br"
      ? // A 256 KB window instead of the default 4 MB: a hundred answers compressed at once
        // must not hold hundreds of megabytes of native memory (pages are far smaller).
        createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } })
      : createGzip({ level: 6, memLevel: 8 });
  zip.on("error", () => res.destroy());
  zip.pipe(res);
  let pendingFlush: NodeJS.Immediate | undefined;
  const write = async (chunk: Uint8Array) => {
    if (pendingFlush) clearImmediate(pendingFlush);
    if (!zip.write(chunk)) await waitFor(zip, "drain", res);
    // Flush once the source pauses (nothing more within this turn of the event loop).
    pendingFlush = setImmediate(() => {
      pendingFlush = undefined;
      if (!zip.destroyed) zip.flush(encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
    });
  };
  try {
    for (const chunk of head) await write(chunk);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return void (await reader.cancel().catch(() => {}));
      await write(value);
    }
  } finally {
    if (pendingFlush) clearImmediate(pendingFlush);
  }
  zip.end();
  await waitFor(res, "finish", res);
}

export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body || req.method === "HEAD" || response.status === 204 || response.status === 304) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }

  const encoding = negotiate(req, response);
  if (encoding || COMPRESSIBLE.test(response.headers.get("content-type") ?? "")) {
    const vary = String(res.getHeader("Vary") ?? "");
    if (!/accept-encoding/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }

  const reader = response.body.getReader();
  try {
    // Read until the body is known to be big enough to compress, or has ended.
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size < MIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(value);
      size += value.byteLength;
    }
    if (ended && (size < MIN_BYTES || !encoding)) {
      const body = head.length === 1 ? head[0]! : Buffer.concat(head, size);
      res.setHeader("Content-Length", String(body.byteLength));
      res.end(body);
      return;
    }
    if (!encoding) {
      for (const chunk of head) if (!res.write(chunk)) await waitFor(res, "drain", res);
      await pumpRaw(res, reader);
      return;
    }
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    await pumpCompressed(res, reader, head, encoding);
  } finally {
    reader.releaseLock();
  }
}
