import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessionHash, signToken, TOKEN_LIFETIME_S, verifyToken } from "./token";

const secret = "a-token-sync-secret-of-32-chars!!";
const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const make = (at = now) =>
  signToken(
    { userId: "user-1", sessionId: "session-1", email: "a@example.test" },
    { secret, issuer: "https://app.example", audience: "https://sync.example", now: at },
  );

/** Re-signs edited claims with `key`: a forger's token (or a correctly signed bad one). */
function forge(token: string, edit: (claims: Record<string, unknown>) => void, key = secret, header?: object): string {
  const [h, p] = token.split(".") as [string, string];
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
  edit(claims);
  const head = header ? Buffer.from(JSON.stringify(header)).toString("base64url") : h;
  const unsigned = `${head}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${unsigned}.${createHmac("sha256", key).update(unsigned).digest("base64url")}`;
}

describe("synced token", () => {
  it("verifies with the secret and says who, which session (hashed) and for how long", async () => {
    const { token, claims } = await make();
    const verified = await verifyToken(token, secret, { now: now + 1000, audience: "https://sync.example", issuer: "https://app.example" });
    expect(verified).toEqual(claims);
    expect(verified.sub).toBe("user-1");
    expect(verified.email).toBe("a@example.test");
    expect(verified.sid).toBe(sessionHash("session-1"));
    expect(verified.sid).not.toContain("session-1");
    expect(verified.iat).toBe(now / 1000);
    expect(verified.exp - verified.iat).toBe(TOKEN_LIFETIME_S);
    expect(TOKEN_LIFETIME_S).toBeLessThanOrEqual(300);
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
  });

  it("gives every token its own jti", async () => {
    expect((await make()).claims.jti).not.toBe((await make()).claims.jti);
  });

  it("is expired after 5 minutes", async () => {
    const { token } = await make();
    await expect(verifyToken(token, secret, { now: now + TOKEN_LIFETIME_S * 1000 - 1000 })).resolves.toBeDefined();
    await expect(verifyToken(token, secret, { now: now + TOKEN_LIFETIME_S * 1000 })).rejects.toThrow(/expired/);
  });

  it("refuses another secret, edited claims, another algorithm and a longer life", async () => {
    const { token } = await make();
    await expect(verifyToken(token, "another-secret-another-secret-xx")).rejects.toThrow(/bad signature/);
    const [h, , s] = token.split(".") as [string, string, string];
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...(await make()).claims, sub: "admin" })).toString("base64url")}.${s}`;
    await expect(verifyToken(edited, secret, { now })).rejects.toThrow(/bad signature/);
    await expect(
      verifyToken(
        forge(token, () => {}, secret, { alg: "none", typ: "JWT" }),
        secret,
        { now },
      ),
    ).rejects.toThrow(/algorithm/);
    await expect(verifyToken(`${token.split(".").slice(0, 2).join(".")}.`, secret, { now })).rejects.toThrow(/bad signature/);
    await expect(
      verifyToken(
        forge(token, (c) => void (c.exp = (c.iat as number) + 3600)),
        secret,
        { now },
      ),
    ).rejects.toThrow(/lives too long/);
    await expect(
      verifyToken(
        forge(token, (c) => void (c.iat = (c.iat as number) + 600)),
        secret,
        { now },
      ),
    ).rejects.toThrow(/future/);
    await expect(verifyToken("a.b", secret, { now })).rejects.toThrow(/not a JWT/);
  });

  it("checks audience and issuer when asked", async () => {
    const { token } = await make();
    await expect(verifyToken(token, secret, { now, audience: "https://elsewhere.example" })).rejects.toThrow(/audience/);
    await expect(verifyToken(token, secret, { now, issuer: "https://elsewhere.example" })).rejects.toThrow(/issuer/);
  });
});
