/**
 * Token sync end to end (issue 13): Better Auth with our hooks on a real
 * database, TOKEN_SYNC_URL pointing at a real local HTTP receiver.
 *
 *   - a sign-in POSTs a Bearer token that verifies with TOKEN_SYNC_SECRET,
 *     names the user and the (hashed) session, and expires within 5 minutes
 *   - a sign-out sends DELETE for the same session
 *   - a session in use refreshes (POST "refresh") at most every 5 minutes
 *   - with the receiver down (nothing listening, or never answering) a
 *     sign-in is as quick as ever
 */
import { FLASH_COOKIE } from "../../app/infra/http/flash.server";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withClientIp } from "../../app/features/auth/client-ip";
import { sessionHash, TOKEN_LIFETIME_S, verifyToken } from "../../app/features/token-sync/index.server";
import { openTestServices, type TestServices } from "../support/test-services";

const SECRET = "token-sync-integration-secret-0123456789";
const PASSWORD = "sync-password-1";

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A sync receiver that records what it gets; `answer: false` never answers. */
async function startReceiver({ answer = true } = {}) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, contentType: req.headers["content-type"], body });
      if (answer) res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`;
  return { server, url, received };
}

async function stop(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function verifiedUser(s: TestServices, email: string): Promise<string> {
  await s.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "Synced" }, headers: withClientIp(new Headers(), "192.0.2.10") });
  await s.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
  return (await s.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** Signs in; the session cookies, as a Cookie header. */
async function signIn(s: TestServices, email: string): Promise<string> {
  const { headers } = await s.auth.api.signInEmail({
    body: { email, password: PASSWORD },
    headers: withClientIp(new Headers(), "192.0.2.10"),
    returnHeaders: true,
  });
  // The sign-in's flash message is spent by the page it leads to: a browser sends it no longer.
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.startsWith(`${FLASH_COOKIE}=`))
    .join("; ");
}

describe("token sync to a live receiver", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let s: TestServices;

  beforeAll(async () => {
    receiver = await startReceiver();
    s = await openTestServices({ TOKEN_SYNC_URL: receiver.url, TOKEN_SYNC_SECRET: SECRET });
  });
  afterAll(async () => {
    await s?.close();
    await stop(receiver.server);
  });

  it("POSTs a verifiable 5-minute token at sign-in and sends DELETE at sign-out", async () => {
    expect(s.tokenSync).toBeDefined();
    const email = "synced@example.test";
    const userId = await verifiedUser(s, email);
    // Signing up makes no session: nothing to sync yet.
    expect(receiver.received).toHaveLength(0);

    const before = Math.floor(Date.now() / 1000);
    const cookie = await signIn(s, email);
    const post = await waitFor(() => receiver.received.find((r) => r.method === "POST"), "the sign-in POST");
    expect(post.path).toBe("/sync");
    expect(post.contentType).toBe("application/json");
    expect(post.authorization).toMatch(/^Bearer /);
    const token = post.authorization!.slice("Bearer ".length);
    const claims = await verifyToken(token, SECRET, { audience: new URL(receiver.url).origin, issuer: s.env.appOrigin });
    const { id: sessionId, token: sessionToken } = await s.database.db
      .selectFrom("session")
      .select(["id", "token"])
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    expect(claims).toMatchObject({ sub: userId, sid: sessionHash(sessionId), email });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(TOKEN_LIFETIME_S);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);
    // Expired once its 5 minutes are up.
    await expect(verifyToken(token, SECRET, { now: claims.exp * 1000 })).rejects.toThrow(/expired/);
    // Another key does not verify it.
    await expect(verifyToken(token, "x".repeat(40))).rejects.toThrow(/bad signature/);
    expect(JSON.parse(post.body)).toEqual({ event: "sign-in", userId, expiresAt: new Date(claims.exp * 1000).toISOString() });
    // The session's own secret never leaves.
    expect(post.body + post.authorization).not.toContain(sessionToken);
    expect(Buffer.from(token.split(".")[1]!, "base64url").toString()).not.toContain(sessionToken);
    // The sign-in counts as this session's sync: no refresh right after it.
    expect(s.tokenSync!.refresh({ id: sessionId, userId }, email)).toBe(false);

    await s.auth.api.signOut({ headers: withClientIp(new Headers({ cookie }), "192.0.2.10") });
    const deleted = await waitFor(() => receiver.received.find((r) => r.method === "DELETE"), "the sign-out DELETE");
    const gone = await verifyToken(deleted.authorization!.slice("Bearer ".length), SECRET);
    expect(gone).toMatchObject({ sub: userId, sid: sessionHash(sessionId) });
    expect(JSON.parse(deleted.body)).toMatchObject({ event: "sign-out", userId });
    expect(receiver.received.map((r) => r.method)).toEqual(["POST", "DELETE"]);
  });

  it("refreshes a session in use once its last sync is 5 minutes old", async () => {
    const email = "refreshed@example.test";
    const userId = await verifiedUser(s, email);
    const cookie = await signIn(s, email);
    await waitFor(() => receiver.received.find((r) => r.method === "POST" && JSON.parse(r.body).userId === userId), "the sign-in POST");
    const sessionId = (await s.database.db.selectFrom("session").select("id").where("userId", "=", userId).executeTakeFirstOrThrow()).id;
    const refreshes = () => receiver.received.filter((r) => JSON.parse(r.body).event === "refresh" && JSON.parse(r.body).userId === userId);

    // Each signed-in request reads the session and asks for a refresh, as the request context does.
    const use = async () => {
      const found = await s.auth.api.getSession({ headers: new Headers({ cookie }) });
      s.tokenSync!.refresh({ id: found!.session.id, userId: found!.user.id, createdAt: found!.session.createdAt }, found!.user.email);
    };
    await use();
    await new Promise((r) => setTimeout(r, 100));
    // Just signed in: nothing to refresh.
    expect(refreshes()).toHaveLength(0);

    // This instance's record of the sign-in gone, and the session 6 minutes old: due.
    s.tokenSync!.throttle.forget(sessionId);
    await s.database.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where("id", "=", sessionId)
      .execute();
    s.sessionCache.evictToken((await s.database.db.selectFrom("session").select("token").where("id", "=", sessionId).executeTakeFirstOrThrow()).token);
    await use();
    await use();
    await use();
    const refresh = await waitFor(() => refreshes()[0], "the refresh POST");
    expect(refresh.method).toBe("POST");
    expect(await verifyToken(refresh.authorization!.slice("Bearer ".length), SECRET)).toMatchObject({ sub: userId, sid: sessionHash(sessionId), email });
    // Once per interval, however many requests.
    await new Promise((r) => setTimeout(r, 100));
    expect(refreshes()).toHaveLength(1);
  });
});

describe("token sync with the receiver down", () => {
  const closedPort = async () => {
    const { server, url } = await startReceiver();
    await stop(server);
    return url;
  };

  it.each([
    ["nothing listening", false],
    ["a receiver that never answers", true],
  ])("a sign-in stays fast with %s", async (_label, hanging) => {
    const silent = hanging ? await startReceiver({ answer: false }) : undefined;
    const url = silent?.url ?? (await closedPort());
    const s = await openTestServices({ TOKEN_SYNC_URL: url, TOKEN_SYNC_SECRET: SECRET });
    try {
      const email = `down-${hanging ? "hang" : "closed"}@example.test`;
      await verifiedUser(s, email);
      // Warm up (the first sign-in of a process loads code); then the one measured.
      await signIn(s, email);
      const started = performance.now();
      await signIn(s, email);
      expect(performance.now() - started).toBeLessThan(1_000);
      if (silent) {
        // The delivery really went out and is still waiting for its answer, in the background.
        await waitFor(() => (silent.received.length >= 2 ? true : undefined), "the deliveries to arrive");
        expect(s.tokenSync!.stats().inFlight).toBeGreaterThanOrEqual(1);
      } else {
        // Refused at once, and tried again later (not while the visitor waited).
        expect(s.tokenSync!.stats()).toMatchObject({ delivered: 0 });
        expect(s.tokenSync!.stats().inFlight).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await s.close();
      if (silent) await stop(silent.server);
    }
  });
});
