/**
 * Hashed assets never change, so they are compressed once, at build time, at
 * the strongest settings (brotli 11, gzip 9), into `<file>.br` and `<file>.gz`
 * beside them. The server serves those; it only compresses at start what the
 * build cannot (prerendered pages, whose origin is filled in at load time).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { brotli } from "../app/infra/http/brotli";

export const COMPRESSIBLE_EXTENSIONS = new Set([".js", ".mjs", ".css", ".svg", ".json", ".html", ".txt", ".xml", ".webmanifest", ".map"]);
/** Below this size compression saves too little to be worth a header. */
export const MIN_COMPRESS_BYTES = 512;

export function precompressAssets(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(name))) continue;
    const file = path.join(dir, name);
    const body = readFileSync(file);
    if (body.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(`${file}.br`, brotli(body, 11));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}
