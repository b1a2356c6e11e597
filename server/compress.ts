/**
 * Writing a Fetch `Response` to Node's `ServerResponse`, compressed when
 * that pays off.
 *
 *   - a body that turns out smaller than MIN_BYTES (most JSON answers) goes out
 *     as it is, with a Content-Length: compressing it costs more CPU than the
 *     bytes it saves
 *   - a larger text body is compressed: brotli when the client takes it
 *     (negotiation.ts), else gzip. A whole answer is a one-off (per viewer,
 *     never asked twice): the fastest setting of each (brotliParams, GZIP;
 *     ADR 0053). Prerendered pages and assets are compressed once, at
 *     build, at the highest quality (precompress.ts).
 *   - a body that arrives whole within moments (nearly all: loaders run before
 *     rendering) is compressed in one call and sent with a Content-Length; one
 *     whose source pauses for PAUSE_MS (a page still rendering, a long export)
 *     is streamed from then on, flushed whenever the source pauses, so the
 *     shell of a page reaches the browser before the rest is ready
 *   - backpressure all the way: a slow client never makes the server buffer
 *     more than one body
 *   - a whole body up to SYNC_MAX is compressed on the event loop (brotli
 *     quality 1 at most ~0.3 ms, gzip level 1 ~0.7 ms): handing it to zlib's
 *     thread pool would add ~0.1 ms of CPU per call to the work; a larger one, and
 *     every stream, is compressed in the thread pool, so that a long export
 *     does not hold up other requests
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync, type BrotliCompress, type Gzip } from "node:zlib";
import { chooseEncoding, type Chosen, type Encoding } from "./negotiation";

export const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

function negotiate(req: IncomingMessage, response: Response): Encoding | null {
  const type = response.headers.get("content-type") ?? "";
  if (!COMPRESSIBLE.test(type) || response.headers.has("content-encoding")) return null;
  if (/\bno-transform\b/.test(response.headers.get("cache-control") ?? "")) return null;
  const chosen = chooseEncoding(req.headers["accept-encoding"]);
  return chosen === "identity" ? null : chosen;
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

/** How long the source may pause before what has come is sent on as a stream (a page still rendering). */
export const PAUSE_MS = 20;
/** A body larger than this is streamed whatever its pace (an export must not sit in memory whole). */
const GATHER_MAX = 512 * 1024;

type ReadResult = ReadableStreamReadResult<Uint8Array>;

/**
 * Reads the body for as long as it keeps coming: the whole of it (`done`),
 * or what came before the source paused for PAUSE_MS (`next` is the read
 * still under way, to stream on from).
 */
async function gather(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<{ chunks: Uint8Array[]; size: number; done: boolean; next?: Promise<ReadResult> }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // One timer for the whole body, re-armed after each chunk (a page comes in a few dozen chunks).
  let paused!: () => void;
  const pause = new Promise<"paused">((resolve) => (paused = () => resolve("paused")));
  const timer = setTimeout(() => paused(), PAUSE_MS);
  try {
    for (;;) {
      const read = reader.read();
      const first = await Promise.race([read, pause]);
      if (first === "paused") return { chunks, size, done: false, next: read };
      if (first.done) return { chunks, size, done: true };
      chunks.push(first.value);
      size += first.value.byteLength;
      if (size > GATHER_MAX) return { chunks, size, done: false, next: reader.read() };
      timer.refresh();
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A reader that first answers `next` (a read already under way), then reads on. */
function resumed(reader: ReadableStreamDefaultReader<Uint8Array>, next: Promise<ReadResult>): ReadableStreamDefaultReader<Uint8Array> {
  let pending: Promise<ReadResult> | undefined = next;
  return {
    read: () => {
      const answer = pending ?? reader.read();
      pending = undefined;
      return answer;
    },
    cancel: (reason?: unknown) => reader.cancel(reason),
    releaseLock: () => reader.releaseLock(),
    closed: reader.closed,
  } as ReadableStreamDefaultReader<Uint8Array>;
}

/** A whole body up to this size is compressed on the event loop (see the top of this file). */
export const SYNC_MAX = 64 * 1024;

/**
 * Brotli for a one-off answer: the fastest quality, with a window no larger than a page needs.
 * For the 46 KB /profile: quality 1 takes 0.20 ms for 12.0 KB, quality 3 0.61 ms for 10.8 KB
 * (ADR 0053): 0.4 ms of every signed-in render for 1.2 KB, 6 ms on a slow 4G line.
 */
const brotliParams = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
/** gzip (clients without brotli) likewise: level 1, 0.5 ms for 11.6 KB where level 6 took 1.1 ms for 10.2 KB. */
const GZIP = { level: 1 };

/**
 * Compresses a whole body in one call: no flushes, no per-chunk round trips
 * (streaming a 30 KB page through a flushing brotli stream cost ~2.8 ms of
 * CPU; this, ~0.2 ms).
 */
function compressWhole(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (body.byteLength <= SYNC_MAX) return encoding === "br" ? brotliCompressSync(body, brotliParams(body.byteLength)) : gzipSync(body, GZIP);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (encoding === "br") brotliCompress(body, brotliParams(body.byteLength), done);
    else gzip(body, GZIP, done);
  });
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
    // Most answers are whole within a moment (loaders run before rendering): one body, one
    // Content-Length, compressed in one go. A page that pauses is streamed from that point on.
    const start = await gather(reader);
    if (start.done) {
      const whole = start.chunks.length === 1 ? Buffer.from(start.chunks[0]!) : Buffer.concat(start.chunks, start.size);
      const chosen: Chosen = encoding && whole.byteLength >= MIN_BYTES ? encoding : "identity";
      let body: Buffer = whole;
      if (chosen !== "identity") {
        body = await compressWhole(whole, chosen);
        res.setHeader("Content-Encoding", chosen);
      }
      if (res.destroyed) return;
      res.setHeader("Content-Length", String(body.byteLength));
      res.end(body);
      return;
    }
    const rest = resumed(reader, start.next!);
    if (!encoding) {
      for (const chunk of start.chunks) if (!res.write(chunk)) await waitFor(res, "drain", res);
      await pumpRaw(res, rest);
      return;
    }
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    await pumpCompressed(res, rest, start.chunks, encoding);
  } finally {
    reader.releaseLock();
  }
}
