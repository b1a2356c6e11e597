import { brotliCompressSync, constants } from "node:zlib";

/** Brotli at `quality` (0–11), with the size hint that lets zlib size its window to the body. */
export function brotli(body: Buffer, quality: number): Buffer {
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}
