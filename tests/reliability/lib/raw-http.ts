/**
 * HTTP/1.x over a bare TCP socket: the request goes out byte for byte as
 * given (two Host headers, a garbage method, invalid UTF-8, a wrong
 * Content-Length…, everything fetch refuses to send), and the answer is
 * parsed here (status line, headers, Content-Length / chunked / close-
 * delimited body, 1xx interim answers skipped).
 */
import net from "node:net";
import zlib from "node:zlib";

export type HeaderValue = string | Buffer;

export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the wire (may hold raw UTF-8). */
  target: string;
  version?: string;
  /** Replaces the whole request line (method, target and version are then only informative). */
  requestLine?: string;
  /** In order, duplicates allowed. Content-Length is NOT added for you. */
  headers: Array<[string, HeaderValue]>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  reason: string;
  headers: Array<[string, string]>;
  /** The body as sent (still chunk-decoded, not decompressed). */
  body: Buffer;
  /** False when the connection ended before the body was complete. */
  complete: boolean;
}

export type RawOutcome =
  | { kind: "response"; response: RawResponse; ms: number }
  /** The connection closed (or failed) before a status line arrived. */
  | { kind: "closed"; received: Buffer; error?: string; ms: number }
  | { kind: "timeout"; received: Buffer; ms: number };

/** Serialises the request line and headers (the body follows as is). */
export function encodeHead(req: RawRequest): Buffer {
  const line = req.requestLine ?? `${req.method} ${req.target} ${req.version ?? "HTTP/1.1"}`;
  const parts: Buffer[] = [Buffer.from(`${line}\r\n`, "utf8")];
  for (const [name, value] of req.headers) {
    parts.push(Buffer.from(`${name}: `, "utf8"), typeof value === "string" ? Buffer.from(value, "utf8") : value, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from("\r\n"));
  return Buffer.concat(parts);
}

export function header(res: { headers: Array<[string, string]> }, name: string): string | undefined {
  const lower = name.toLowerCase();
  return res.headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

/**
 * An incremental HTTP/1.x response parser. `feed` bytes as they come; `result`
 * is set once a whole (final, non-1xx) response is in.
 */
export class ResponseParser {
  private buf: Buffer = Buffer.alloc(0);
  private head: { status: number; reason: string; headers: Array<[string, string]> } | null = null;
  private bodyMode: { kind: "none" } | { kind: "length"; n: number } | { kind: "chunked" } | { kind: "close" } = { kind: "none" };
  private chunks: Buffer[] = [];
  private chunkState: { remaining: number; trailer: boolean } = { remaining: -1, trailer: false };
  result: RawResponse | null = null;
  /** True once a status line of a final answer was parsed. */
  get started(): boolean {
    return this.head !== null;
  }

  /** The final answer's status, once its status line is in. */
  get status(): number | null {
    return this.head?.status ?? null;
  }

  constructor(private readonly requestMethod: string) {}

  feed(data: Buffer): void {
    if (this.result) return;
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    this.advance();
  }

  /** The connection ended: whatever we have is what we got. */
  end(): RawResponse | null {
    if (this.result) return this.result;
    if (!this.head) return null;
    if (this.bodyMode.kind === "close") {
      this.chunks.push(this.buf);
      this.buf = Buffer.alloc(0);
      this.result = { ...this.head, body: Buffer.concat(this.chunks), complete: true };
    } else {
      if (this.bodyMode.kind === "length") this.chunks.push(this.buf);
      this.result = { ...this.head, body: Buffer.concat(this.chunks), complete: false };
    }
    return this.result;
  }

  private advance(): void {
    for (;;) {
      if (!this.head) {
        const end = this.buf.indexOf("\r\n\r\n");
        if (end < 0) return;
        const text = this.buf.subarray(0, end).toString("latin1");
        this.buf = this.buf.subarray(end + 4);
        const [statusLine, ...lines] = text.split("\r\n");
        const m = /^HTTP\/\d(?:\.\d)? (\d{3})(?: (.*))?$/.exec(statusLine ?? "");
        if (!m) {
          // Not HTTP at all: treat everything as a body-less, broken answer.
          this.head = { status: 0, reason: `unparseable status line: ${JSON.stringify(statusLine?.slice(0, 80))}`, headers: [] };
          this.result = { ...this.head, body: Buffer.alloc(0), complete: false };
          return;
        }
        const status = Number(m[1]);
        const headers: Array<[string, string]> = [];
        for (const line of lines) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
        }
        if (status >= 100 && status < 200 && status !== 101) continue; // interim (100 Continue): the real answer follows
        this.head = { status, reason: m[2] ?? "", headers };
        const te = header(this.head, "transfer-encoding");
        const cl = header(this.head, "content-length");
        if (this.requestMethod.toUpperCase() === "HEAD" || status === 204 || status === 304 || status === 101) this.bodyMode = { kind: "none" };
        else if (te && /chunked/i.test(te)) this.bodyMode = { kind: "chunked" };
        else if (cl !== undefined && /^\d+$/.test(cl)) this.bodyMode = { kind: "length", n: Number(cl) };
        else this.bodyMode = { kind: "close" };
      }
      switch (this.bodyMode.kind) {
        case "none":
          this.result = { ...this.head, body: Buffer.alloc(0), complete: true };
          return;
        case "length": {
          if (this.buf.length < this.bodyMode.n) return;
          this.result = { ...this.head, body: this.buf.subarray(0, this.bodyMode.n), complete: true };
          return;
        }
        case "close":
          this.chunks.push(this.buf);
          this.buf = Buffer.alloc(0);
          return;
        case "chunked":
          if (this.advanceChunked()) return;
          return;
      }
    }
  }

  /** Returns true when done or when more data is needed. */
  private advanceChunked(): boolean {
    for (;;) {
      if (this.chunkState.trailer) {
        // Trailer section: lines until an empty one.
        const end = this.buf.indexOf("\r\n");
        if (end < 0) return true;
        const line = this.buf.subarray(0, end);
        this.buf = this.buf.subarray(end + 2);
        if (line.length === 0) {
          this.result = { ...this.head!, body: Buffer.concat(this.chunks), complete: true };
          return true;
        }
        continue;
      }
      if (this.chunkState.remaining < 0) {
        const end = this.buf.indexOf("\r\n");
        if (end < 0) return true;
        const size = parseInt(this.buf.subarray(0, end).toString("latin1").split(";")[0]!.trim(), 16);
        this.buf = this.buf.subarray(end + 2);
        if (!Number.isFinite(size)) {
          this.result = { ...this.head!, body: Buffer.concat(this.chunks), complete: false };
          return true;
        }
        if (size === 0) {
          this.chunkState.trailer = true;
          continue;
        }
        this.chunkState.remaining = size;
      }
      if (this.buf.length < this.chunkState.remaining + 2) return true;
      this.chunks.push(this.buf.subarray(0, this.chunkState.remaining));
      this.buf = this.buf.subarray(this.chunkState.remaining + 2);
      this.chunkState.remaining = -1;
    }
  }
}

export interface SendOptions {
  host?: string;
  port: number;
  timeoutMs?: number;
}

/**
 * The method the server reads: the request line's first word when the line is
 * given whole (a later mutation may have changed `method` after the line was
 * built; a HEAD answer has no body, whatever its Content-Length says).
 */
function sentMethod(req: RawRequest): string {
  return req.requestLine === undefined ? req.method : (req.requestLine.trimStart().split(/[ \t]/)[0] ?? "");
}

/** Sends one request on a fresh connection and reads one answer. */
export function sendRaw(req: RawRequest, { host = "127.0.0.1", port, timeoutMs = 20_000 }: SendOptions): Promise<RawOutcome> {
  const started = performance.now();
  const payload = req.body && req.body.length ? Buffer.concat([encodeHead(req), req.body]) : encodeHead(req);
  return new Promise((resolve) => {
    const parser = new ResponseParser(sentMethod(req));
    const received: Buffer[] = [];
    let settled = false;
    let error: string | undefined;
    const socket = net.connect({ host, port });
    const finish = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const ms = () => Math.round(performance.now() - started);
    const timer = setTimeout(() => {
      const partial = parser.end();
      if (partial) finish({ kind: "response", response: partial, ms: ms() });
      else finish({ kind: "timeout", received: Buffer.concat(received), ms: ms() });
    }, timeoutMs);
    socket.on("connect", () => {
      // Not end(): Node's server aborts the requests of a connection whose client half-closed it.
      socket.write(payload);
    });
    socket.on("data", (data: Buffer) => {
      if (received.reduce((n, b) => n + b.length, 0) < 64 * 1024) received.push(data);
      parser.feed(data);
      if (parser.result) finish({ kind: "response", response: parser.result, ms: ms() });
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      // EPIPE / ECONNRESET while we still write: the server answered early and closed; keep reading what came.
      error = e.code ?? e.message;
    });
    socket.on("close", () => {
      const response = parser.end();
      if (response) finish({ kind: "response", response, ms: ms() });
      else finish({ kind: "closed", received: Buffer.concat(received), error, ms: ms() });
    });
  });
}

/** The body as text, decompressed per Content-Encoding when possible. */
export function bodyText(res: RawResponse): string {
  const encoding = (header(res, "content-encoding") ?? "").toLowerCase().trim();
  let body = res.body;
  try {
    if (encoding === "gzip" || encoding === "x-gzip") body = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (encoding === "br") body = zlib.brotliDecompressSync(body, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    else if (encoding === "deflate") body = zlib.inflateSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    // truncated or not what it claims: scan the raw bytes
  }
  return body.toString("utf8");
}
