/**
 * The suite's own instruments, checked against answers whose verdict is
 * known: a detector that cannot fire is worthless. No app server here; a
 * few fake servers on the suite's self-check port.
 */
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTS } from "./lib/config.ts";
import { findLeak } from "./lib/leaks.ts";
import { Rng } from "./lib/prng.ts";
import { bodyText, encodeHead, ResponseParser, sendRaw } from "./lib/raw-http.ts";
import { sendBigBody } from "./lib/big-body.ts";
import { type FuzzContext, loadCatalog } from "./fuzz/catalog.ts";
import { generate, makeSchedule } from "./fuzz/generator.ts";

describe("the leak detector", () => {
  const leaks = [
    "TypeError: Cannot read properties of undefined (reading 'id')\n    at loader (/srv/app/build/server/index.js:412:18)\n    at async callRouteHandler (file:///srv/app/node_modules/react-router/dist/index.mjs:1:1)",
    '{"message":"TypeError: x is not a function"}',
    '{"error":"    at Object.<anonymous> (/app/server/http.ts:10:5)"}',
    "<pre>Error: boom\n    at handler (app/routes/profile.tsx:40:11)</pre>",
    "see node_modules/better-auth/dist/index.mjs",
    "failed in profile-service.server.ts:58",
    '{"message":"invalid byte sequence for encoding \\"UTF8\\": 0x00"}',
    '{"message":"insert into \\"profile\\" failed: SQLITE_CONSTRAINT"}',
    'select "user"."id" from "user" where x = 1'.toUpperCase(),
    "SqliteError: UNIQUE constraint failed: user.email",
    '{"detail":"duplicate key value violates unique constraint \\"user_email_key\\""}',
    "at async Promise.all (index 0)",
    "Error: ENOENT: no such file or directory, open '/work/app/data/x'",
    '{"message":"Failed query: select \\"id\\", \\"about\\" from \\"profile\\" where \\"user_id\\" = $1"}',
    'update "profile" set "about" = $1 where "user_id" = $2',
  ];
  for (const text of leaks) {
    it(`flags ${JSON.stringify(text.slice(0, 60))}`, () => {
      expect(findLeak(text)).not.toBeNull();
    });
  }

  const clean = [
    '{"success":false,"message":"The request body is too large."}',
    "<!DOCTYPE html><html><body><h1>Something went wrong.</h1><p>Please try again in a moment.</p></body></html>",
    '[{"_1":2},"error",["SanitizedError",3,4,-7],"Error","Unexpected Server Error"]',
    "Select a plan from the list; at home or at work, we are there.",
    '<link rel="modulepreload" href="/assets/root-C2lDpoXB.js"/><script>window.__reactRouterManifest={"routes/profile":{"module":"/assets/profile-x.js"}}</script>',
    "Method not implemented.\n",
  ];
  for (const text of clean) {
    it(`does not flag ${JSON.stringify(text.slice(0, 60))}`, () => {
      expect(findLeak(text)).toBeNull();
    });
  }

  it("does not count an echo of the request as a leak", () => {
    const request = "/blog/SELECT%20*%20FROM%20user";
    expect(findLeak("<p>No post at /blog/SELECT * FROM user</p>", request)).toBeNull();
    expect(findLeak("<p>No post at /blog/SELECT * FROM user</p>")).not.toBeNull();
  });
});

describe("the response parser", () => {
  const parse = (method: string, ...parts: string[]) => {
    const p = new ResponseParser(method);
    for (const part of parts) p.feed(Buffer.from(part, "latin1"));
    return p.result ?? p.end();
  };

  it("reads Content-Length bodies, also split anywhere", () => {
    const r = parse("GET", "HTTP/1.1 200 OK\r\nContent-Le", "ngth: 5\r\n\r\nhel", "lo");
    expect([r?.status, r?.body.toString(), r?.complete]).toEqual([200, "hello", true]);
  });

  it("reads chunked bodies with trailers", () => {
    const r = parse("GET", "HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n", "2;x=y\r\nde\r\n0\r\nX-Trailer: 1\r\n\r\n");
    expect([r?.status, r?.body.toString(), r?.complete]).toEqual([500, "abcde", true]);
  });

  it("skips 100 Continue and reads the final answer", () => {
    const r = parse("POST", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\n\r\n");
    expect(r?.status).toBe(413);
  });

  it("knows HEAD answers have no body, and close-delimited ones end with the connection", () => {
    expect(parse("HEAD", "HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n")?.complete).toBe(true);
    const p = new ResponseParser("GET");
    p.feed(Buffer.from("HTTP/1.0 200 OK\r\n\r\npartial"));
    expect(p.result).toBeNull();
    expect(p.end()?.body.toString()).toBe("partial");
  });

  it("marks a body cut off by the connection as incomplete", () => {
    const p = new ResponseParser("GET");
    p.feed(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"));
    expect(p.end()?.complete).toBe(false);
  });
});

describe("the request generator", () => {
  const ctx: FuzzContext = {
    host: "localhost:1",
    origin: "http://localhost:1",
    session: { cookie: "tuesday.session_token=a.b", userId: "U1" },
    otherUserId: "U2",
    mailId: "M",
    blogSlug: "s",
  };

  it("makes the same bytes from the same seed and index, and other bytes from another seed", async () => {
    const schedule = makeSchedule((await loadCatalog()).endpoints);
    const bytes = (seed: number, i: number) => {
      const r = generate(schedule, seed, i, ctx).raw;
      return Buffer.concat([encodeHead(r), r.body ?? Buffer.alloc(0)]).toString("base64");
    };
    for (const i of [0, 1, 17, 999, 5000]) expect(bytes(42, i)).toBe(bytes(42, i));
    const differing = [0, 1, 2, 3, 4, 5, 6, 7].filter((i) => bytes(42, i) !== bytes(43, i));
    expect(differing.length).toBeGreaterThan(4);
  });

  it("covers every route pattern of app/routes.ts, signed in and out", async () => {
    const catalog = await loadCatalog();
    const schedule = makeSchedule(catalog.endpoints);
    const patterns = new Set(schedule.core.map((c) => c.endpoint.pattern));
    for (const p of catalog.patterns) if (p !== "api/auth/resend-verification") expect(patterns, p).toContain(p);
    expect(new Set(schedule.core.map((c) => c.signedIn))).toEqual(new Set([true, false]));
  });

  it("is a PRNG that repeats itself only when asked to", () => {
    const a = new Rng(7, 1);
    const b = new Rng(7, 1);
    const c = new Rng(7, 2);
    const xs = Array.from({ length: 5 }, () => a.u32());
    expect(Array.from({ length: 5 }, () => b.u32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.u32())).not.toEqual(xs);
  });
});

describe("the raw client against fake servers", () => {
  let server: Server;
  const port = PORTS.selfCheck;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/500") {
        res.statusCode = 500;
        res.end("Error: boom\n    at x (/srv/a.js:1:1)");
      } else if (req.url === "/cut") {
        res.writeHead(200, { "Content-Length": "100" });
        res.write("only part");
        setTimeout(() => res.destroy(), 20);
      } else if (req.url === "/silent") {
        req.socket.destroy();
      } else if (req.url === "/big") {
        // Buffers whatever it is sent, then answers 413: the opposite of the real server.
        req.on("data", () => {});
        setTimeout(() => {
          res.statusCode = 413;
          res.end();
        }, 200);
      } else res.end("ok");
    });
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const get = (path: string) => sendRaw({ method: "GET", target: path, headers: [["Host", `localhost:${port}`]] }, { port, timeoutMs: 3000 });

  it("reports a 500 with its leaking body", async () => {
    const o = await get("/500");
    expect(o.kind).toBe("response");
    if (o.kind !== "response") return;
    expect(o.response.status).toBe(500);
    expect(findLeak(bodyText(o.response))).not.toBeNull();
  });

  it("reports a cut-off body as incomplete, and a silent close as no answer", async () => {
    const cut = await get("/cut");
    expect(cut.kind === "response" && cut.response.complete).toBe(false);
    expect((await get("/silent")).kind).toBe("closed");
  });

  it("streams a big body with backpressure until the answer", async () => {
    const r = await sendBigBody({ port, path: "/big", framing: "chunked", total: 20_000_000 });
    expect(r.status).toBe(413);
    expect(r.bytesSent).toBeGreaterThan(1_000_000);
  });

  it("notices a server that is not there", async () => {
    const o = await sendRaw({ method: "GET", target: "/", headers: [] }, { port: port + 1, timeoutMs: 1000 });
    expect(o.kind).toBe("closed");
  });
});

describe("raw sockets", () => {
  it("send exactly the given bytes (two Host headers, invalid UTF-8)", async () => {
    const received = await new Promise<Buffer>((resolve) => {
      const srv = net.createServer((s) => {
        const chunks: Buffer[] = [];
        s.on("data", (d) => {
          chunks.push(d);
          if (Buffer.concat(chunks).includes("\r\n\r\nxyz")) {
            s.end("HTTP/1.1 204 No Content\r\n\r\n");
            srv.close();
            resolve(Buffer.concat(chunks));
          }
        });
      });
      srv.listen(PORTS.selfCheck + 2, "127.0.0.1", () => {
        void sendRaw(
          {
            method: "PROPFIND",
            target: "//%5C",
            headers: [
              ["Host", "a"],
              ["Host", "b"],
              ["X", Buffer.from([0xff])],
            ],
            body: Buffer.from("xyz"),
          },
          { port: PORTS.selfCheck + 2 },
        );
      });
    });
    expect(received.toString("latin1")).toBe("PROPFIND //%5C HTTP/1.1\r\nHost: a\r\nHost: b\r\nX: \xff\r\n\r\nxyz");
  });
});
