/**
 * Issue 38, finding 13 (Info): token sync announced `sign-in` for a session
 * that two-factor then replaced (only the password was right). Now only a
 * completed sign-in of a verified account is announced
 * (features/auth/token-sync-events.server.ts). Its own server: the shared ones
 * have no TOKEN_SYNC_URL.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, createVerifiedUser, type Server, startServer, type TestDb } from "../reliability/lib/harness.ts";
import { browse, CookieJar, nextCode, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { PORTS, sleep } from "./lib/suite.ts";

describe("finding 38.13: token sync hears completed sign-ins only", () => {
  const received: Array<{ method: string; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method!, body });
      res.writeHead(204).end();
    });
  });
  let server: Server;
  let db: TestDb;

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    db = await createDb("sqlite", "security-token-sync");
    server = await startServer("security-token-sync", PORTS.own + 8, db, {
      TOKEN_SYNC_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sync`,
      TOKEN_SYNC_SECRET: randomBytes(24).toString("hex"),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const signIns = () => received.filter((r) => r.method === "POST" && r.body.includes("sign-in")).length;

  it("a password that leads to a code announces nothing; the code announces one sign-in", async () => {
    const user = await createVerifiedUser(server, { email: `sync-${randomBytes(4).toString("hex")}@example.test` });
    const { app } = await turnOnTwoFactor(server, await signedInJar(server, user), user.password);
    await sleep(300);
    const before = signIns();
    const jar = new CookieJar();
    const first = await browse(server, jar, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    await sleep(500);
    expect(signIns()).toBe(before);
    for (const steps of [1, 0, -1])
      if ((await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code: await nextCode(app, steps) })).status === 200) break;
    expect(jar.has(".session_token")).toBe(true);
    const until = Date.now() + 5_000;
    while (signIns() === before && Date.now() < until) await sleep(50);
    expect(signIns()).toBe(before + 1);
  });
});
