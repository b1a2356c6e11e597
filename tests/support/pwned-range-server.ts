/**
 * A local Pwned Passwords range API (what PWNED_PASSWORDS_URL points at in
 * tests): `GET /range/ABCDE` answers every listed password's SHA-1 suffix with
 * that prefix, `SUFFIX:COUNT` per line, padded with zero-count lines as the
 * real service does when asked with `Add-Padding: true`. It records the paths
 * it was asked for (only 5 hex characters may ever leave the app), and can be
 * taken down: `down()` (or `POST /__control/down` from another process) makes
 * it cut every range request's connection, `up()` (`/__control/up`) ends that.
 * `POST /__control/breach` with a password as its body lists it from then on
 * (a password published after its owner chose it).
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";

/** A strong-looking password the browser tests' range server lists as breached. */
export const BREACHED_PASSWORD = "Breached-Password-1";

export interface RangeServer {
  url: string;
  /** Every request path, in order. */
  asked: string[];
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPwnedRangeServer(port: number, breached: string[]): Promise<RangeServer> {
  const hashes = breached.map((p) => createHash("sha1").update(p, "utf8").digest("hex").toUpperCase());
  const asked: string[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const control = /^\/__control\/(down|up|breach)$/.exec(req.url ?? "");
    if (control && req.method === "POST") {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        if (control[1] === "breach") hashes.push(createHash("sha1").update(body, "utf8").digest("hex").toUpperCase());
        else failing = control[1] === "down";
        res.end("ok");
      });
      return;
    }
    asked.push(req.url ?? "");
    if (failing) {
      req.socket.destroy();
      return;
    }
    const match = /^\/range\/([0-9A-F]{5})$/i.exec(req.url ?? "");
    if (!match) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const prefix = match[1]!.toUpperCase();
    const lines = hashes.filter((h) => h.startsWith(prefix)).map((h) => `${h.slice(5)}:${1000 + h.charCodeAt(5)}`);
    // Padding: suffixes no password has, with a count of 0.
    for (let i = 0; i < 20; i++) lines.push(`${randomBytes(18).toString("hex").slice(0, 35).toUpperCase()}:0`);
    res.setHeader("content-type", "text/plain");
    res.end(lines.join("\r\n"));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    down: async () => void (failing = true),
    up: async () => void (failing = false),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
