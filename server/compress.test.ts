import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_BYTES, writeResponse } from "./compress";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `make()` through writeResponse and fetches it raw (no automatic decompression). */
async function fetchRaw(make: () => Response, headers: Record<string, string> = {}, method = "GET") {
  server = createServer((req, res) => void writeResponse(req, res, make()));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ res: IncomingMessage; body: Buffer; chunks: number }>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/", headers, method }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ res, body: Buffer.concat(parts), chunks: parts.length }));
    }).on("error", reject);
  });
}

const text = (n: number) => "The quick brown fox jumps over the lazy dog. ".repeat(Math.ceil(n / 45)).slice(0, n);

describe("writeResponse", () => {
  it("sends a small body as it is, with its length", async () => {
    const { res, body } = await fetchRaw(() => Response.json({ ok: true }), { "accept-encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-length"]).toBe(String(body.byteLength));
    expect(JSON.parse(body.toString())).toEqual({ ok: true });
  });

  it("compresses a larger text body: brotli when taken, else gzip, else none", async () => {
    const page = text(20_000);
    const make = () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
    const br = await fetchRaw(make, { "accept-encoding": "gzip, br" });
    expect(br.res.headers["content-encoding"]).toBe("br");
    expect(br.res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.byteLength).toBeLessThan(page.length / 4);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const gz = await fetchRaw(make, { "accept-encoding": "gzip" });
    expect(gz.res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const none = await fetchRaw(make, {});
    expect(none.res.headers["content-encoding"]).toBeUndefined();
    expect(none.body.toString()).toBe(page);
  });

  it("sends a body that arrives whole with its length, compressed", async () => {
    const page = `<!doctype html><p>${text(20_000)}</p>`;
    server = createServer((req, res) => void writeResponse(req, res, new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } })));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const { res, body } = await new Promise<{ res: IncomingMessage; body: Buffer }>((resolve, reject) => {
      get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "br" } }, (r) => {
        const parts: Buffer[] = [];
        r.on("data", (c: Buffer) => parts.push(c));
        r.on("end", () => resolve({ res: r, body: Buffer.concat(parts) }));
      }).on("error", reject);
    });
    expect(res.headers["content-length"]).toBe(String(body.byteLength));
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("leaves bodies that are already encoded, or not text, or marked no-transform, alone", async () => {
    const big = Buffer.alloc(MIN_BYTES * 4, 7);
    const png = await fetchRaw(() => new Response(big, { headers: { "content-type": "image/png" } }), { "accept-encoding": "br" });
    expect(png.res.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(big)).toBe(true);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const raw = await fetchRaw(() => new Response(text(5000), { headers: { "content-type": "text/plain", "cache-control": "no-transform" } }), {
      "accept-encoding": "br",
    });
    expect(raw.res.headers["content-encoding"]).toBeUndefined();
  });

  it("sends a streamed page's first part before the rest is ready", async () => {
    const shellIn = (parts: Buffer[]) => {
      try {
        return gunzipSync(Buffer.concat(parts), { finishFlush: constants.Z_SYNC_FLUSH }).toString().includes("<body>The quick brown fox");
      } catch {
        return false;
      }
    };
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    const encoder = new TextEncoder();
    const make = () =>
      new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode(`<html><head></head><body>${text(4000)}`));
            await later;
            controller.enqueue(encoder.encode("<p>the rest</p></body></html>"));
            controller.close();
          },
        }),
        { headers: { "content-type": "text/html" } },
      );
    server = createServer((req, res) => void writeResponse(req, res, make()));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const parts: Buffer[] = [];
    let ended!: Promise<void>;
    const res = await new Promise<IncomingMessage>((resolve) => {
      get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "gzip" } }, (r) => {
        ended = new Promise<void>((done) => r.on("end", () => done()));
        r.on("data", (c: Buffer) => {
          parts.push(c);
          // The gzip header can arrive in a packet of its own: wait for the flushed shell itself
          // (if it only came after release(), the test would time out).
          if (shellIn(parts)) resolve(r);
        });
      });
    });
    // The shell arrived (compressed and flushed) while the stream still waits.
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(shellIn(parts)).toBe(true);
    release();
    await ended;
    const rest = parts;
    expect(gunzipSync(Buffer.concat(rest)).toString()).toContain("<p>the rest</p>");
  });

  it("answers HEAD with the headers only", async () => {
    const { res, body } = await fetchRaw(() => new Response(text(5000), { headers: { "content-type": "text/html" } }), { "accept-encoding": "br" }, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(body.byteLength).toBe(0);
  });
});
