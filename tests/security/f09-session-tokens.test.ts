/**
 * Finding 9: /api/auth/list-sessions and get-session returned every session's
 * raw token to any script on the origin. Now no JSON answer carries a token
 * (nor the cookie's value): Better Auth's answers, the session cache's, and
 * the edge's replay of get-session. The security page still signs out one
 * device, named by its session id.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createVerifiedUser, sessionCookieFrom, sessionUser, type User } from "../reliability/lib/harness.ts";
import { asServer, targets } from "./lib/suite.ts";

/** Every key named `token` anywhere in a JSON value. */
function tokenKeys(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => tokenKeys(v, `${at}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === "token" ? [`${at}.${k}`] : []), ...tokenKeys(v, `${at}.${k}`)]);
}

describe.each(targets())("finding 9 on $kind: no session token in JSON", (target) => {
  const server = asServer(target);
  let user: User;
  const cookies: string[] = [];

  beforeAll(async () => {
    user = await createVerifiedUser(server);
    for (let i = 0; i < 2; i++) {
      const res = await call(server, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password, rememberMe: true });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(tokenKeys(JSON.parse(body)), "sign-in answer").toEqual([]);
      cookies.push(sessionCookieFrom(res)!);
    }
  });

  it("get-session (Better Auth's answer, then the cached and replayed ones) and list-sessions carry no token", async () => {
    const rawToken = decodeURIComponent(cookies[0]!.split("=")[1]!).split(".")[0]!;
    for (const path of ["/api/auth/get-session", "/api/auth/get-session", "/api/auth/get-session", "/api/auth/list-sessions"]) {
      const res = await call(server, "GET", path, undefined, { cookie: cookies[0] });
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(tokenKeys(JSON.parse(body)), path).toEqual([]);
      expect(body, path).not.toContain(rawToken);
    }
  });

  it("the security page signs out another device by its session id", async () => {
    const list = (await (await call(server, "GET", "/api/auth/list-sessions", undefined, { cookie: cookies[0] })).json()) as Array<{ id: string }>;
    // The other browser's session, by its id from the list (the verification link's own sign-in is a third one).
    const theirs = (await (await call(server, "GET", "/api/auth/get-session", undefined, { cookie: cookies[1] })).json()) as { session: { id: string } };
    const other = list.find((s) => s.id === theirs.session.id);
    expect(other).toBeDefined();
    const res = await call(server, "POST", "/profile/security", new URLSearchParams({ intent: "sign-out-device", sessionId: other!.id }), {
      cookie: cookies[0],
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await sessionUser(server, cookies[1]!)).toBeNull();
    expect(await sessionUser(server, cookies[0]!)).toBe(user.id);
  });
});
