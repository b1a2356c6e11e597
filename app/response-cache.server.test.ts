import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SessionCache } from "~/features/auth/session-cache.server";
import { contentSecurityPolicy } from "~/infra/security/csp";
import { isReplayable, replay, ResponseCache } from "./response-cache.server";

const html = (text: string) => `<!doctype html><html><body><p>${text}</p><script nonce="abc">window.__ok=1</script>${"<p>padding</p>".repeat(200)}</body></html>`;
const htmlHeaders = () => new Headers({ "content-type": "text/html; charset=utf-8", "content-security-policy": contentSecurityPolicy(["'nonce-abc'"]) });

function session(userId: string, token: string, emailVerified = true) {
  return {
    session: { id: `s-${token}`, token, userId, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    user: { id: userId, name: "N", email: `${userId}@example.test`, emailVerified },
  };
}
const cookieFor = (token: string) => `tuesday.session_token=${encodeURIComponent(`${token}.signature`)}`;

describe("ResponseCache", () => {
  it("replays an answer under the same key, with a hash CSP and precompressed bodies", () => {
    const sessions = new SessionCache();
    const cache = new ResponseCache(sessions);
    const key = ResponseCache.key("u1", cache.version("u1"), "/profile", "");
    const headers = cache.store(key, 200, htmlHeaders(), Buffer.from(html("hello")));
    expect(headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(headers.get("content-security-policy")).not.toContain("nonce");

    const plain = cache.lookup(key, undefined)!;
    expect(plain.body.toString()).toContain("hello");
    expect(plain.encoding).toBeUndefined();
    const br = cache.lookup(key, "gzip, deflate, br")!;
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toContain("hello");
    const gz = cache.lookup(key, "gzip")!;
    expect(gunzipSync(gz.body).toString()).toContain("hello");
  });

  it("misses once the user's data version changes, or the entry is older than its lifetime", () => {
    const sessions = new SessionCache();
    const cache = new ResponseCache(sessions);
    const key = ResponseCache.key("u1", cache.version("u1"), "/profile", "");
    cache.store(key, 200, htmlHeaders(), Buffer.from(html("v1")), 1_000);
    expect(cache.lookup(key, undefined, 1_001)).toBeDefined();
    sessions.userChanged("u1");
    expect(ResponseCache.key("u1", cache.version("u1"), "/profile", "")).not.toBe(key);
    expect(cache.lookup(key, undefined, 1_000 + 30_001)).toBeUndefined();
  });

  it("does not keep HTML without the nonce it was rendered with", () => {
    const cache = new ResponseCache(new SessionCache());
    cache.store("k", 200, new Headers({ "content-type": "text/html" }), Buffer.from(html("x")));
    expect(cache.lookup("k", undefined)).toBeUndefined();
  });

  it("stays within its memory bound, the oldest going first", () => {
    const cache = new ResponseCache(new SessionCache());
    const big = Buffer.alloc(1024 * 1024, "a"); // 1 MB of JSON-ish text, compresses to almost nothing
    const json = () => new Headers({ "content-type": "application/json" });
    for (let i = 0; i < 40; i++) cache.store(`k${i}`, 200, json(), big);
    expect(cache.size).toBeLessThan(40);
    expect(cache.lookup("k0", undefined)).toBeUndefined();
    expect(cache.lookup("k39", undefined)).toBeDefined();
  });
});

describe("replay()", () => {
  const services = () => {
    const sessionCache = new SessionCache();
    const responseCache = new ResponseCache(sessionCache);
    return { sessionCache, responseCache, env: { apiKey: undefined as string | undefined } };
  };
  const get = (pathname: string, cookie?: string, search = "") => ({ method: "GET", pathname, search, cookie, acceptEncoding: undefined });

  it("answers /api/auth/get-session from the session cache, exactly as read", () => {
    const s = services();
    const value = session("u1", "tok1");
    s.sessionCache.store(cookieFor("tok1"), value);
    const hit = replay(s, get("/api/auth/get-session", cookieFor("tok1")))!;
    expect(hit.status).toBe(200);
    expect(JSON.parse(hit.body.toString())).toEqual(value);
    expect(replay(s, get("/api/auth/get-session", cookieFor("other")))).toBeUndefined();
    expect(replay(s, get("/api/auth/get-session", cookieFor("tok1"), "?disableCookieCache=true"))).toBeUndefined();
  });

  it("replays a viewer's page only to a cookie of theirs, and never to an unverified account", () => {
    const s = services();
    s.sessionCache.store(cookieFor("tok1"), session("u1", "tok1"));
    s.sessionCache.store(cookieFor("tok2"), session("u2", "tok2"));
    s.sessionCache.store(cookieFor("tok3"), session("u3", "tok3", false));
    for (const user of ["u1", "u3"]) {
      s.responseCache.store(ResponseCache.key(user, s.responseCache.version(user), "/profile", ""), 200, htmlHeaders(), Buffer.from(html(user)));
    }
    expect(replay(s, get("/profile", cookieFor("tok1")))?.body.toString()).toContain("u1");
    expect(replay(s, get("/profile", cookieFor("tok2")))).toBeUndefined();
    expect(replay(s, get("/profile", cookieFor("tok3")))).toBeUndefined();
    expect(replay(s, get("/profile"))).toBeUndefined();
    expect(replay(s, { ...get("/profile", cookieFor("tok1")), method: "HEAD" })).toBeUndefined();
  });

  it("keeps the user-record API per request when an API key guards it", () => {
    expect(isReplayable("/api/user/u1", false)).toBe(true);
    expect(isReplayable("/api/user/u1", true)).toBe(false);
    expect(isReplayable("/profile.data", false)).toBe(false);
    expect(isReplayable("/api/auth/sign-out", false)).toBe(false);
  });
});
