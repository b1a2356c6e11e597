/**
 * The sync client against a scripted `fetch`: what it sends, when it tries
 * again, when it gives up, and that it stays bounded and quiet about tokens.
 * tests/integration/token-sync.test.ts runs it against a real HTTP receiver.
 */
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { RefreshThrottle } from "./refresh-throttle";
import { TokenSync, type TokenSyncOptions } from "./sync-client.server";
import { sessionHash, TOKEN_LIFETIME_S, verifyToken } from "./token";

const secret = "sync-client-test-secret-0123456789";
const session = { id: "session-1", userId: "user-1" };

interface Call {
  method: string;
  authorization: string;
  body: Record<string, unknown>;
}

/** A TokenSync whose fetch answers with `answer(n)` for its n-th call (a status, an error, or "hang"). */
function client(answer: (n: number) => number | Error | "hang", options: Partial<TokenSyncOptions> = {}) {
  const calls: Call[] = [];
  const lines: string[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  const fetch = (async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ method: init.method!, authorization: headers.get("authorization")!, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const result = answer(calls.length);
    if (result === "hang") {
      return new Promise<Response>((_resolve, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason as Error)));
    }
    if (result instanceof Error) throw result;
    return new Response(null, { status: result });
  }) as typeof globalThis.fetch;
  const sync = new TokenSync({
    url: "http://sync.example:8080/hook",
    secret,
    issuer: "https://app.example",
    log,
    fetch,
    backoffMs: [5, 5],
    userEmail: async (id) => `${id}@example.test`,
    ...options,
  });
  const settled = async () => {
    while (sync.stats().inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  };
  return { sync, calls, lines, settled };
}

const bearer = (call: Call) => call.authorization.replace(/^Bearer /, "");

describe("token sync client", () => {
  it("POSTs a sign-in with a verifiable 5-minute Bearer token and the event in the body", async () => {
    const { sync, calls, settled } = client(() => 200);
    sync.signedIn(session);
    await settled();
    expect(calls).toHaveLength(1);
    const [call] = calls as [Call];
    expect(call.method).toBe("POST");
    expect(call.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = await verifyToken(bearer(call), secret, { audience: "http://sync.example:8080", issuer: "https://app.example" });
    expect(claims).toMatchObject({ sub: "user-1", sid: sessionHash("session-1"), email: "user-1@example.test" });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(TOKEN_LIFETIME_S);
    expect(call.body).toEqual({ event: "sign-in", userId: "user-1", expiresAt: new Date(claims.exp * 1000).toISOString() });
    expect(sync.stats()).toMatchObject({ delivered: 1, failed: 0 });
  });

  it("sends DELETE on sign-out", async () => {
    const { sync, calls, settled } = client(() => 204);
    sync.signedOut(session);
    await settled();
    expect(calls.map((c) => [c.method, c.body.event])).toEqual([["DELETE", "sign-out"]]);
    expect((await verifyToken(bearer(calls[0]!), secret)).sub).toBe("user-1");
  });

  it("refreshes at most once per 5 minutes, counting from the sign-in", async () => {
    let now = 1_000_000;
    const { sync, calls, settled } = client(() => 200, { now: () => now });
    sync.signedIn(session);
    expect(sync.refresh(session, "known@example.test")).toBe(false);
    now += 5 * 60_000;
    expect(sync.refresh(session, "known@example.test")).toBe(true);
    expect(sync.refresh(session, "known@example.test")).toBe(false);
    await settled();
    // (The sign-in reads the email first, so the two may arrive in either order.)
    expect(calls.map((c) => c.body.event).sort()).toEqual(["refresh", "sign-in"]);
    expect((await verifyToken(bearer(calls.find((c) => c.body.event === "refresh")!), secret, { now })).email).toBe("known@example.test");
  });

  it("tries again after a 5xx or a network error, with the same token", async () => {
    const { sync, calls, settled } = client((n) => (n === 1 ? 503 : n === 2 ? new TypeError("fetch failed") : 200));
    sync.signedIn(session);
    await settled();
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.authorization)).size).toBe(1);
    expect(sync.stats()).toMatchObject({ delivered: 1, failed: 0 });
  });

  it("gives up after 3 tries and logs a warning without the token", async () => {
    const { sync, calls, lines, settled } = client(() => 500);
    sync.signedIn(session);
    await settled();
    expect(calls).toHaveLength(3);
    expect(sync.stats()).toMatchObject({ delivered: 0, failed: 1 });
    const warning = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "token sync failed");
    expect(warning).toMatchObject({ level: 40, event: "sign-in", userId: "user-1", attempts: 3, problem: "HTTP 500" });
    const token = bearer(calls[0]!);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(token.split(".")[2]);
    }
  });

  it("does not repeat a refusal (4xx) or follow a redirect", async () => {
    for (const status of [400, 401, 302]) {
      const { sync, calls, settled } = client(() => status);
      sync.signedIn(session);
      await settled();
      expect(calls).toHaveLength(1);
      expect(sync.stats().failed).toBe(1);
    }
  });

  it("times out each try, and all of them within the budget", async () => {
    const { sync, calls, lines, settled } = client(() => "hang", { attemptTimeoutMs: 40 });
    const started = Date.now();
    sync.signedIn(session);
    await settled();
    expect(calls).toHaveLength(3);
    expect(lines.join("")).toContain('"problem":"timed out"');
    expect(Date.now() - started).toBeLessThan(2_000);

    const budgeted = client(() => "hang", { attemptTimeoutMs: 10_000, budgetMs: 120 });
    const start2 = Date.now();
    budgeted.sync.signedIn(session);
    await budgeted.settled();
    expect(Date.now() - start2).toBeLessThan(1_000);
    expect(budgeted.sync.stats().failed).toBe(1);
  });

  it("keeps at most maxInFlight deliveries, drops the rest, and drain ends them", async () => {
    const { sync, calls, lines } = client(() => "hang", { maxInFlight: 2 });
    for (let i = 0; i < 5; i++) sync.signedIn({ id: `s${i}`, userId: `u${i}` });
    expect(sync.stats()).toMatchObject({ inFlight: 2, dropped: 3 });
    expect(lines.filter((l) => l.includes("dropped"))).toHaveLength(3);
    // The two kept deliveries reach the network after their token is signed: under load that can
    // take longer than drain's 20 ms, so drain once they are under way (it ends them, not prevents them).
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const started = Date.now();
    await sync.drain(20);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sync.stats().inFlight).toBe(0);
    expect(calls).toHaveLength(2);
    // After shutdown nothing new starts.
    sync.signedIn(session);
    expect(sync.stats().inFlight).toBe(0);
  });

  it("holds a full load of deliveries without a listener warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const { sync } = client(() => "hang");
      for (let i = 0; i < 100; i++) sync.signedIn({ id: `s${i}`, userId: `u${i}` });
      expect(sync.stats()).toMatchObject({ inFlight: 64, dropped: 36 });
      await new Promise((r) => setTimeout(r, 50));
      await sync.drain(0);
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("shares one bounded throttle, and a sign-out forgets the session", () => {
    const throttle = new RefreshThrottle();
    const { sync } = client(() => 200, { throttle });
    sync.signedIn(session);
    expect(throttle.size).toBe(1);
    sync.signedOut(session);
    expect(throttle.size).toBe(0);
  });
});
