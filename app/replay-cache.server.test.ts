import { describe, expect, it } from "vitest";
import { SessionCache } from "~/features/auth/session-cache.server";
import { contentSecurityPolicy } from "~/infra/security/csp";
import { isReplayable, type Replay, ReplayCache, replay, replayKeyFor, replayMarker } from "./replay-cache.server";

const html = (text: string) => `<!doctype html><html><body><p>${text}</p><script nonce="abc">window.__ok=1</script><script>evil()</script></body></html>`;
const htmlHeaders = (): Array<[string, string]> => [
  ["content-type", "text/html; charset=utf-8"],
  ["content-security-policy", contentSecurityPolicy(["'nonce-abc'"])],
  ["content-length", "123"],
  ["cache-control", "private, no-store"],
];
const json: Array<[string, string]> = [["content-type", "application/json"]];

function session(userId: string, token: string, emailVerified = true) {
  return {
    session: { id: `s-${token}`, token, userId, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    user: { id: userId, name: "N", email: `${userId}@example.test`, emailVerified },
  };
}
const cookieFor = (token: string) => `tuesday.session_token=${encodeURIComponent(`${token}.signature`)}`;

describe("ReplayCache", () => {
  it("replays what was sent, in the encoding it was sent in, with a CSP of the nonce's scripts only", () => {
    const cache = new ReplayCache();
    const key = ReplayCache.key("u1", "s1", cache.version("u1"), "/profile");
    cache.remember(key, "br", 200, htmlHeaders(), Buffer.from("compressed bytes"), html("hello"));
    const hit = cache.lookup(key, "br")!;
    expect(hit.body.toString()).toBe("compressed bytes");
    expect(hit.encoding).toBe("br");
    const headers = new Map(hit.headers);
    expect(headers.get("content-length")).toBeUndefined();
    expect(headers.get("cache-control")).toBe("private, no-store");
    const csp = headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce");
    // Only the script that carried the nonce is allowed on replay.
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
    // Another encoding was never sent: a miss, rendered and kept beside it.
    expect(cache.lookup(key, "gzip")).toBeUndefined();
    cache.remember(key, "gzip", 200, htmlHeaders(), Buffer.from("gzip bytes"), html("hello"));
    expect(cache.lookup(key, "gzip")!.body.toString()).toBe("gzip bytes");
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, stored: 2, entries: 1 });
  });

  it("answers a small uncompressed answer to every client", () => {
    const cache = new ReplayCache();
    cache.remember("k", "identity", 200, json, Buffer.from('{"a":1}'));
    expect(cache.lookup("k", "br")!.encoding).toBe("identity");
  });

  it("misses once the user's data changes, and after its lifetime", () => {
    const cache = new ReplayCache({ ttlMs: 30_000 });
    const key = ReplayCache.key("u1", "s1", cache.version("u1"), "/api/user/u1");
    cache.remember(key, "identity", 200, json, Buffer.from("{}"), undefined, 1_000);
    expect(cache.lookup(key, "identity", 1_001)).toBeDefined();
    cache.changed(["u2"]);
    expect(ReplayCache.key("u1", "s1", cache.version("u1"), "/api/user/u1")).toBe(key);
    cache.changed(["u1"]);
    expect(ReplayCache.key("u1", "s1", cache.version("u1"), "/api/user/u1")).not.toBe(key);
    const key2 = ReplayCache.key("u1", "s1", cache.version("u1"), "/api/user/u1");
    cache.remember(key2, "identity", 200, json, Buffer.from("{}"), undefined, 1_000);
    expect(cache.lookup(key2, "identity", 1_000 + 30_001)).toBeUndefined();
    cache.changed("all");
    expect(cache.stats().entries).toBe(0);
  });

  it("does not keep HTML without the nonce it was rendered with, nor an answer that sets a cookie", () => {
    const cache = new ReplayCache();
    cache.remember("a", "identity", 200, [["content-type", "text/html"]], Buffer.from(html("x")), html("x"));
    cache.remember("b", "identity", 200, [...json, ["set-cookie", "a=b"]], Buffer.from("{}"));
    expect(cache.lookup("a", "identity")).toBeUndefined();
    expect(cache.lookup("b", "identity")).toBeUndefined();
  });

  it("stays within its memory bound, the least recently used going first", () => {
    const cache = new ReplayCache({ maxBytes: 1024 * 1024 });
    const body = Buffer.alloc(100 * 1024, "a");
    cache.remember("k0", "br", 200, json, body);
    for (let i = 1; i < 20; i++) {
      cache.remember(`k${i}`, "br", 200, json, body);
      // k0 is read all the time: it stays.
      expect(cache.lookup("k0", "br")).toBeDefined();
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.stats().evicted).toBeGreaterThan(0);
    expect(cache.lookup("k1", "br")).toBeUndefined();
    expect(cache.lookup("k19", "br")).toBeDefined();
  });

  it("spares a replayed entry once, not for ever: one not replayed again goes when room is needed again", () => {
    const cache = new ReplayCache({ maxBytes: 350 * 1024 });
    const body = Buffer.alloc(100 * 1024, "a");
    cache.remember("old", "br", 200, json, body);
    cache.remember("b", "br", 200, json, body);
    cache.remember("c", "br", 200, json, body);
    expect(cache.lookup("old", "br")).toBeDefined();
    // Room for d: "old" was replayed, so it moves behind d, unmarked, and b goes.
    cache.remember("d", "br", 200, json, body);
    expect(cache.lookup("b", "br")).toBeUndefined();
    // Then c and d go in turn, and "old", not replayed since it was spared, goes next.
    cache.remember("e", "br", 200, json, body);
    expect(cache.lookup("c", "br")).toBeUndefined();
    cache.remember("f", "br", 200, json, body);
    expect(cache.lookup("d", "br")).toBeUndefined();
    cache.remember("g", "br", 200, json, body);
    expect(cache.lookup("old", "br")).toBeUndefined();
    expect(cache.lookup("g", "br")).toBeDefined();
  });

  it("keeps nothing when turned off", () => {
    const cache = new ReplayCache({ maxBytes: 0 });
    cache.remember("k", "identity", 200, json, Buffer.from("{}"));
    expect(cache.lookup("k", "identity")).toBeUndefined();
    expect(replayKeyFor(cache, { method: "GET", pathname: "/profile", search: "", hasCookie: true, apiKeyConfigured: false }, { userId: "u1", sessionId: "s1" })).toBeNull();
  });
});

describe("what is replayable", () => {
  it("signed-in pages, their data requests and the owner's record; nothing else", () => {
    expect(isReplayable("/profile", false)).toBe(true);
    expect(isReplayable("/profile.data", false)).toBe(true);
    expect(isReplayable("/profile/security.data", false)).toBe(true);
    expect(isReplayable("/_root.data", false)).toBe(true);
    expect(isReplayable("/pricing", false)).toBe(true);
    expect(isReplayable("/blog/some-post.data", false)).toBe(true);
    expect(isReplayable("/api/user/u1", false)).toBe(true);
    expect(isReplayable("/api/user/u1", true)).toBe(false);
    expect(isReplayable("/api/user/u1.data", false)).toBe(false);
    expect(isReplayable("/admin/messages", false)).toBe(false);
    expect(isReplayable("/admin/messages.data", false)).toBe(false);
    expect(isReplayable("/api/auth/sign-out", false)).toBe(false);
    expect(isReplayable("/auth", false)).toBe(false);
  });

  it("keys by viewer, session, version and the path and query the edge saw", () => {
    const cache = new ReplayCache();
    const probe = { method: "GET", pathname: "/profile.data", search: "?_routes=routes%2Fprofile", hasCookie: true, apiKeyConfigured: false };
    const u1 = { userId: "u1", sessionId: "s1" };
    const key = replayKeyFor(cache, probe, u1)!;
    expect(key).toContain("/profile.data?_routes=routes%2Fprofile");
    expect(replayKeyFor(cache, probe, { userId: "u2", sessionId: "s2" })).not.toBe(key);
    // The same person on another device: the security page marks "this device", so not the same answer.
    expect(replayKeyFor(cache, probe, { userId: "u1", sessionId: "s9" })).not.toBe(key);
    expect(replayKeyFor(cache, { ...probe, method: "POST" }, u1)).toBeNull();
    expect(replayKeyFor(cache, probe, null)).toBeNull();
    expect(replayKeyFor(cache, { ...probe, pathname: "/auth", search: "", hasCookie: false }, null)).toContain("anonymous");
  });
});

describe("replay()", () => {
  const services = () => ({ sessionCache: new SessionCache(), replayCache: new ReplayCache(), env: { apiKey: undefined as string | undefined } });
  /** The request path's session read, as the edge is given it: tok1's cookie is `known` (and fills the cache), any other signed out; counts its calls. */
  const sessionReader = (cache: SessionCache, known: ReturnType<typeof session>) => {
    let count = 0;
    const readSession = async (cookie: string) => {
      count++;
      if (cookie !== cookieFor("tok1")) return null;
      cache.store(cookie, known);
      return cache.lookup(cookie);
    };
    return { readSession, reads: () => count };
  };
  const get = (pathname: string, cookie?: string, search = "") => ({ method: "GET", pathname, search, cookie, encoding: "identity" as const });

  it("answers /api/auth/get-session from the session cache, exactly as read but without the session token", () => {
    const s = services();
    const value = session("u1", "tok1");
    s.sessionCache.store(cookieFor("tok1"), value);
    const hit = replay(s, get("/api/auth/get-session", cookieFor("tok1"))) as Replay;
    expect(hit.status).toBe(200);
    const { token: _token, ...tokenless } = value.session;
    expect(JSON.parse(hit.body.toString())).toEqual({ ...value, session: tokenless });
    expect(replay(s, get("/api/auth/get-session", cookieFor("other")))).toBeUndefined();
    expect(replay(s, get("/api/auth/get-session", cookieFor("tok1"), "?disableCookieCache=true"))).toBeUndefined();
  });

  it("replays a viewer's page only to a cookie of theirs, and never to an unverified account", () => {
    const s = services();
    s.sessionCache.store(cookieFor("tok1"), session("u1", "tok1"));
    s.sessionCache.store(cookieFor("tok2"), session("u2", "tok2"));
    s.sessionCache.store(cookieFor("tok3"), session("u3", "tok3", false));
    for (const user of ["u1", "u3"]) {
      s.replayCache.remember(ReplayCache.key(user, `s-tok${user.slice(1)}`, s.replayCache.version(user), "/profile"), "identity", 200, htmlHeaders(), Buffer.from(html(user)), html(user));
    }
    expect((replay(s, get("/profile", cookieFor("tok1"))) as Replay | undefined)?.body.toString()).toContain("u1");
    expect(replay(s, get("/profile", cookieFor("tok2")))).toBeUndefined();
    expect(replay(s, get("/profile", cookieFor("tok3")))).toBeUndefined();
    expect(replay(s, get("/profile"))).toBeUndefined();
    expect(replay(s, { ...get("/profile", cookieFor("tok1")), method: "HEAD" })).toBeUndefined();
  });

  it("reads an unknown session first (as the request path would), then replays", async () => {
    const s = services();
    const known = session("u1", "tok1");
    const { readSession, reads } = sessionReader(s.sessionCache, known);
    s.replayCache.remember(ReplayCache.key("u1", "s-tok1", s.replayCache.version("u1"), "/profile"), "identity", 200, htmlHeaders(), Buffer.from(html("u1")), html("u1"));
    const first = replay({ ...s, readSession }, get("/profile", cookieFor("tok1")));
    expect(first).toBeInstanceOf(Promise);
    expect((await first)?.body.toString()).toContain("u1");
    // Known now: answered at once, no second read.
    expect((replay({ ...s, readSession }, get("/profile", cookieFor("tok1"))) as Replay).body.toString()).toContain("u1");
    expect(reads()).toBe(1);
    // Signed out, or a read that fails: nothing replayed (the request path answers).
    expect(await replay({ ...s, readSession }, get("/profile", cookieFor("tok2")))).toBeUndefined();
    expect(await replay({ ...s, readSession: () => Promise.reject(new Error("database down")) }, get("/profile", cookieFor("tok3")))).toBeUndefined();
    // Nothing replayable there: no read at all.
    expect(replay({ ...s, readSession }, get("/admin/messages", cookieFor("tok4")))).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it("answers /get-session for a cookie it does not know with the session read itself (no render), even with replays off", async () => {
    const s = { ...services(), replayCache: new ReplayCache({ maxBytes: 0 }) };
    const known = session("u1", "tok1");
    const { readSession, reads } = sessionReader(s.sessionCache, known);
    const first = replay({ ...s, readSession }, get("/api/auth/get-session", cookieFor("tok1")));
    expect(first).toBeInstanceOf(Promise);
    const { token: _token, ...tokenless } = known.session;
    expect(JSON.parse((await first)!.body.toString())).toEqual({ ...known, session: tokenless });
    // Signed out (or a forged cookie): Better Auth answers, and clears the cookie itself.
    expect(await replay({ ...s, readSession }, get("/api/auth/get-session", cookieFor("tok2")))).toBeUndefined();
    // With options the request is Better Auth's to answer.
    expect(replay({ ...s, readSession }, get("/api/auth/get-session", cookieFor("tok3"), "?disableCookieCache=true"))).toBeUndefined();
    expect(reads()).toBe(2);
  });
});

describe("an answer that depends on the clock", () => {
  it("is not replayed past the time its route gave", () => {
    const cache = new ReplayCache({ ttlMs: 300_000 });
    const key = ReplayCache.key("u1", "s1", cache.version("u1"), "/profile/security");
    cache.remember(replayMarker(key, 61_000), "identity", 200, json, Buffer.from("{}"), undefined, 1_000);
    expect(cache.lookup(key, "identity", 60_999)).toBeDefined();
    expect(cache.lookup(key, "identity", 61_000)).toBeUndefined();
    // Already stale when sent: not kept.
    cache.remember(replayMarker(key, 500), "identity", 200, json, Buffer.from("{}"), undefined, 1_000);
    expect(cache.lookup(key, "identity", 1_001)).toBeUndefined();
    // No time given: the cache's own lifetime.
    cache.remember(replayMarker(key, undefined), "identity", 200, json, Buffer.from("{}"), undefined, 1_000);
    expect(cache.lookup(key, "identity", 300_999)).toBeDefined();
    expect(cache.lookup(key, "identity", 301_000)).toBeUndefined();
  });
});
