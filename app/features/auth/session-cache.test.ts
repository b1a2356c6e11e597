import net from "node:net";
import { isAPIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy } from "../../../tests/support/tcp-proxy";
import { openTestServices, type TestServices } from "../../../tests/support/test-services";
import { withClientIp } from "./client-ip";
import { SessionCache, type SessionAnswer, sessionCookieValue } from "./session-cache.server";

const session = (token: string, userId = "u1", expiresInMs = 3_600_000): SessionAnswer => ({
  session: { id: `s-${token}`, token, userId, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + expiresInMs).toISOString() },
  user: { id: userId, name: "Asha", email: "asha@example.test", emailVerified: true },
});
const cookie = (token: string, signature = "sig") => `theme=dark; tuesday.session_token=${encodeURIComponent(`${token}.${signature}`)}; other=1`;

describe("sessionCookieValue", () => {
  it("finds the session cookie, plain or __Secure-, and nothing that only ends like it", () => {
    expect(sessionCookieValue("tuesday.session_token=abc.def")).toBe("abc.def");
    expect(sessionCookieValue("a=1; __Secure-tuesday.session_token=abc.def; b=2")).toBe("abc.def");
    expect(sessionCookieValue("x_tuesday.session_token=abc.def")).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
  });
});

describe("SessionCache", () => {
  it("answers only for the exact cookie it stored, until its time is up", () => {
    const cache = new SessionCache({ ttlMs: 1000 });
    cache.store(cookie("tok1"), session("tok1"), 0);
    expect(cache.lookup(cookie("tok1"), 500)?.user.id).toBe("u1");
    // What it hands out never holds the token (finding 9).
    expect(JSON.stringify(cache.lookup(cookie("tok1"), 500))).not.toContain('"token"');
    expect(cache.lookup(cookie("tok1"), 500)?.session).not.toHaveProperty("token");
    // The same token with another signature is not the same cookie.
    expect(cache.lookup(cookie("tok1", "forged"), 500)).toBeNull();
    expect(cache.lookup(cookie("tok1"), 1000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("never outlives the session itself", () => {
    const cache = new SessionCache({ ttlMs: 60_000 });
    cache.store(cookie("short"), session("short", "u1", 100));
    expect(cache.lookup(cookie("short"), Date.now() + 200)).toBeNull();
  });

  it("forgets a session, or every session of a user, on eviction", () => {
    const cache = new SessionCache();
    cache.store(cookie("a"), session("a", "u1"));
    cache.store(cookie("b"), session("b", "u1"));
    cache.store(cookie("c"), session("c", "u2"));
    cache.evictToken("a");
    expect(cache.lookup(cookie("a"))).toBeNull();
    cache.evictUser("u1");
    expect(cache.lookup(cookie("b"))).toBeNull();
    expect(cache.lookup(cookie("c"))?.user.id).toBe("u2");
  });

  it("keeps at most maxEntries sessions", () => {
    const cache = new SessionCache({ maxEntries: 3 });
    for (const t of ["a", "b", "c", "d"]) cache.store(cookie(t), session(t, `u-${t}`));
    expect(cache.size).toBe(3);
    expect(cache.lookup(cookie("a"))).toBeNull();
    expect(cache.lookup(cookie("d"))).not.toBeNull();
  });

  it.runIf(process.env.TEST_REDIS_URL)("an eviction on one instance reaches the others through Redis", async () => {
    const one = new SessionCache({ redisUrl: process.env.TEST_REDIS_URL });
    const two = new SessionCache({ redisUrl: process.env.TEST_REDIS_URL });
    await new Promise((r) => setTimeout(r, 300));
    two.store(cookie("shared"), session("shared", "u-shared"));
    one.evictUser("u-shared");
    await expect.poll(() => two.lookup(cookie("shared")), { timeout: 3000 }).toBeNull();
    await one.close();
    await two.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)("an eviction one instance could not send (it lost Redis) empties the others when Redis answers it again", async () => {
    const redis = new URL(process.env.TEST_REDIS_URL!);
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const proxy = await startTcpProxy(free, { host: redis.hostname, port: Number(redis.port || 6379) });
    const cut = new SessionCache({ redisUrl: proxy.url(`redis://127.0.0.1:${free}`) });
    const other = new SessionCache({ redisUrl: process.env.TEST_REDIS_URL });
    try {
      await expect.poll(() => cut.degraded() === null && other.degraded() === null, { timeout: 3000 }).toBe(true);
      other.store(cookie("kept"), session("kept", "u-kept"));
      await proxy.down();
      cut.evictToken("kept");
      await new Promise((r) => setTimeout(r, 500));
      // Not heard: the other instance still trusts the entry (its entries live minutes)…
      expect(other.lookup(cookie("kept"))).not.toBeNull();
      await proxy.up();
      // …until the instance that lost the message is back and tells everyone to forget.
      await expect.poll(() => other.lookup(cookie("kept")), { timeout: 5000 }).toBeNull();
    } finally {
      await cut.close();
      await other.close();
      await proxy.close();
    }
  });
});

describe("the session cache inside Better Auth", () => {
  let s: TestServices;
  let cache: SessionCache;

  beforeAll(async () => {
    s = await openTestServices();
    cache = s.sessionCache;
  });
  afterAll(async () => {
    await s.close();
  });

  async function signedIn(email: string) {
    await s.auth.api.signUpEmail({ body: { email, password: "password-123", name: "Cached" } });
    await s.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
    const { headers } = await s.auth.api.signInEmail({
      body: { email, password: "password-123" },
      headers: withClientIp(new Headers(), "1.2.3.4"),
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("is filled by a session read and emptied by sign-out", async () => {
    const c = await signedIn("cache-signout@example.test");
    expect(cache.lookup(c)).toBeNull();
    await s.auth.api.getSession({ headers: new Headers({ cookie: c }) });
    expect(cache.lookup(c)?.user.email).toBe("cache-signout@example.test");
    await s.auth.api.signOut({ headers: new Headers({ cookie: c }) });
    expect(cache.lookup(c)).toBeNull();
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie: c }) })).toBeNull();
  });

  it("forgets every session of a user whose sessions are revoked (a password change)", async () => {
    const c = await signedIn("cache-revoke@example.test");
    await s.auth.api.getSession({ headers: new Headers({ cookie: c }) });
    expect(cache.lookup(c)).not.toBeNull();
    try {
      await s.auth.api.changePassword({
        body: { currentPassword: "password-123", newPassword: "password-456", revokeOtherSessions: true },
        headers: withClientIp(new Headers({ cookie: c }), "1.2.3.4"),
      });
    } catch (error) {
      if (!isAPIError(error)) throw error;
    }
    expect(cache.lookup(c)).toBeNull();
  });
});
