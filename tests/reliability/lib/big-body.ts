/**
 * Streams a huge request body over a raw socket, with backpressure (a 64 KB
 * buffer reused; nothing like the whole body is ever in memory), until the
 * server answers, closes the connection, or the body has been sent.
 */
import net from "node:net";
import { ResponseParser } from "./raw-http.ts";

export interface BigBodyOptions {
  port: number;
  path: string;
  /** "chunked": Transfer-Encoding: chunked; "length": Content-Length: total. */
  framing: "chunked" | "length";
  total: number;
  headers?: Array<[string, string]>;
  timeoutMs?: number;
}

export interface BigBodyResult {
  status: number | null;
  /** Body bytes written to the socket before the answer (or the close). */
  bytesSent: number;
  /** Time until the status line arrived (or until the end). */
  ms: number;
  ending: "answered" | "closed" | "timeout";
  error?: string;
  /** How long after the answer the server closed the connection (null: still open 1.5 s later, or no answer). */
  closedAfterAnswerMs: number | null;
}

export function sendBigBody({ port, path, framing, total, headers = [], timeoutMs = 60_000 }: BigBodyOptions): Promise<BigBodyResult> {
  const started = performance.now();
  const piece = Buffer.alloc(64 * 1024, "a");
  const chunkHead = Buffer.from(`${piece.length.toString(16)}\r\n`);
  const crlf = Buffer.from("\r\n");
  return new Promise((resolve) => {
    const parser = new ResponseParser("POST");
    const socket = net.connect({ host: "127.0.0.1", port });
    let bytesSent = 0;
    let closed = false;
    let error: string | undefined;
    let wake: (() => void) | null = null;
    const poke = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    let settled = false;
    let answeredAt: number | null = null;
    let closedAfterAnswerMs: number | null = null;
    const finish = (ending: BigBodyResult["ending"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const ms = Math.round((answeredAt ?? performance.now()) - started);
      resolve({ status: parser.status, bytesSent, ms, ending, error, closedAfterAnswerMs });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("data", (d: Buffer) => {
      parser.feed(d);
      // The status line is enough: the server decided.
      if ((parser.started || parser.result) && answeredAt === null) {
        answeredAt = performance.now();
        // Keep the connection a moment to see how the server ends it (linger, FIN or reset).
        setTimeout(() => {
          finish("answered");
          poke();
        }, 1500);
      }
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => {
      closed = true;
      closedAfterAnswerMs = answeredAt === null ? null : Math.round(performance.now() - answeredAt);
      finish(parser.started || parser.result ? "answered" : "closed");
      poke();
    });
    socket.on("drain", poke);
    socket.on("connect", async () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: localhost:${port}`, ...headers.map(([k, v]) => `${k}: ${v}`)];
      lines.push(framing === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      while (!settled && !closed && answeredAt === null && bytesSent < total) {
        const n = Math.min(piece.length, total - bytesSent);
        const data = n === piece.length ? piece : piece.subarray(0, n);
        let ok: boolean;
        if (framing === "chunked") {
          socket.write(n === piece.length ? chunkHead : Buffer.from(`${n.toString(16)}\r\n`));
          socket.write(data);
          ok = socket.write(crlf);
        } else ok = socket.write(data);
        bytesSent += n;
        if (!ok) await new Promise<void>((r) => (wake = r));
        // Let the event loop read between writes, as curl does: an answer that arrives while we
        // upload is read before a later write can fail (EPIPE destroys a Node socket, unread data and all).
        else await new Promise<void>((r) => setImmediate(r));
      }
      // Everything went out and no answer yet: the answer, the close or the timeout ends it.
      if (!settled && !closed && framing === "chunked") socket.write("0\r\n\r\n");
    });
  });
}
