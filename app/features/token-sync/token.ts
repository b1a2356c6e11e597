/**
 * The synced token: a short-lived JWT (HS256, RFC 7519) that says "this user
 * holds this session, now". It is what the token-sync receiver (TOKEN_SYNC_URL)
 * gets as `Authorization: Bearer …`.
 *
 * Made with node:crypto's HMAC, not a JWT library: one algorithm, a dozen
 * lines, no dependency to keep up to date, and `verifyToken` below is the
 * reference a receiver can copy (docs/token-sync.md).
 *
 * What it deliberately does not carry: the session token (the cookie's secret;
 * whoever holds it is signed in). `sid` is a SHA-256 of the session's id, enough
 * for the receiver to tell sessions apart and match a sign-out to its sign-in.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/** A synced token lives this long (seconds): the spec's "token sync max age 5 minutes". */
export const TOKEN_LIFETIME_S = 5 * 60;

/** Clock difference tolerated between us and a receiver when checking `iat` (seconds). */
const CLOCK_SKEW_S = 60;

export interface SyncClaims {
  /** APP_URL's origin. */
  iss: string;
  /** TOKEN_SYNC_URL's origin. */
  aud: string;
  /** The user's id. */
  sub: string;
  /** SHA-256 (base64url) of the session's id: never the session token. */
  sid: string;
  /** The user's email, when it is known (a deleted account's sign-out has none). */
  email?: string;
  iat: number;
  exp: number;
  /** Unique per token: a retried delivery carries the same one, so a receiver can drop repeats. */
  jti: string;
}

export interface TokenSubject {
  userId: string;
  sessionId: string;
  email?: string | null;
}

export class TokenError extends Error {
  override name = "TokenError";
}

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

function sign(input: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(input).digest();
}

/** The `sid` claim for a session id. */
export function sessionHash(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/** Signs a token for `subject`, valid from `now` for TOKEN_LIFETIME_S seconds. */
export function signToken(
  subject: TokenSubject,
  { secret, issuer, audience, now = Date.now() }: { secret: string; issuer: string; audience: string; now?: number },
): { token: string; claims: SyncClaims } {
  const iat = Math.floor(now / 1000);
  const claims: SyncClaims = {
    iss: issuer,
    aud: audience,
    sub: subject.userId,
    sid: sessionHash(subject.sessionId),
    ...(subject.email ? { email: subject.email } : {}),
    iat,
    exp: iat + TOKEN_LIFETIME_S,
    jti: randomUUID(),
  };
  const unsigned = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return { token: `${unsigned}.${sign(unsigned, secret).toString("base64url")}`, claims };
}

/**
 * Checks a synced token the way a receiver should: HS256 only, the signature
 * (in constant time), not expired, not issued in the future, and no longer-lived
 * than TOKEN_LIFETIME_S; `audience`/`issuer`, when given, must match. Answers the
 * claims, or throws a TokenError saying what is wrong.
 */
export function verifyToken(
  token: string,
  secret: string,
  { now = Date.now(), audience, issuer }: { now?: number; audience?: string; issuer?: string } = {},
): SyncClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenError("not a JWT");
  const [header, payload, signature] = parts as [string, string, string];
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown }).alg;
  } catch {
    throw new TokenError("unreadable header");
  }
  // Only the algorithm we sign with: never "none", never one the token picks.
  if (alg !== "HS256") throw new TokenError(`unexpected algorithm ${JSON.stringify(alg)}`);
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError("bad signature");

  let claims: SyncClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SyncClaims;
  } catch {
    throw new TokenError("unreadable claims");
  }
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || typeof claims.iat !== "number") throw new TokenError("no exp or iat");
  if (seconds >= claims.exp) throw new TokenError("expired");
  if (claims.iat > seconds + CLOCK_SKEW_S) throw new TokenError("issued in the future");
  if (claims.exp - claims.iat > TOKEN_LIFETIME_S) throw new TokenError("lives too long");
  if (typeof claims.sub !== "string" || typeof claims.sid !== "string") throw new TokenError("no sub or sid");
  if (audience !== undefined && claims.aud !== audience) throw new TokenError("wrong audience");
  if (issuer !== undefined && claims.iss !== issuer) throw new TokenError("wrong issuer");
  return claims;
}
