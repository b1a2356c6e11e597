/**
 * Finding 3: TRUST_PROXY believed any peer, so a client that could reach an
 * instance's port named its own address in X-Forwarded-For and every per-IP
 * limit was void. Now X-Forwarded-For is read only from a trusted peer: here
 * TRUST_PROXY=127.0.0.2 (our "proxy"), and an attacker connecting from
 * 127.0.0.1 with a new X-Forwarded-For on each request is limited by its
 * socket address. (A bare count trusts only loopback and private peers: its
 * public-peer case is in app/infra/http/client-address.server.test.ts, as no
 * test here can connect from a public address.)
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Server, startServer, type TestDb } from "../reliability/lib/harness.ts";
import { freshV4, from, PORTS } from "./lib/suite.ts";
import { RULES } from "../../app/infra/rate-limit/rules";

/** The per-client sign-in budget (a flood ceiling, 15 minutes). */
const SIGN_INS = RULES.signIn.ip.max;

describe("finding 3: X-Forwarded-For only from the trusted proxies (TRUST_PROXY=127.0.0.2)", () => {
  let db: TestDb;
  let server: Server;

  beforeAll(async () => {
    db = await createDb("sqlite", "security-proxy-list");
    server = await startServer("security-proxy-list", PORTS.proxyList, db, { TRUST_PROXY: "127.0.0.2" });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const signIn = (localAddress: string, forwardedFor: string) =>
    from(localAddress, `${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email: `nobody-${randomBytes(3).toString("hex")}@example.test`, password: "wrong-password" }),
    });

  it(`${SIGN_INS + 5} sign-ins straight to the instance, a new X-Forwarded-For each: limited by the socket (${SIGN_INS} × 401, then 429)`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_INS + 5; i++) statuses.push((await signIn("127.0.0.1", freshV4())).status);
    expect(statuses.slice(0, SIGN_INS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(SIGN_INS)).toEqual([429, 429, 429, 429, 429]);
  });

  it("through the trusted proxy, each client it names has a budget of its own", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_INS + 5; i++) statuses.push((await signIn("127.0.0.2", freshV4())).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});
