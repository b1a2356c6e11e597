/**
 * The synced token: a short-lived JWT (HS256, RFC 7519) that says "this user
 * holds this session, now". It is what the token-sync receiver (TOKEN_SYNC_URL)
 * gets as `Authorization: Bearer …`.
 *
 * Signed and checked with jose (the JOSE library Better Auth itself uses),
 * HS256 only; `verifyToken` below is what a receiver does, in a few lines
 * of the same library (docs/token-sync.md).
 *
 * What it deliberately does not carry: the session token (the cookie's secret;
 * whoever holds it is signed in). `sid` is a SHA-256 of the session's id, enough
 * for the receiver to tell sessions apart and match a sign-out to its sign-in.
 */
import { createHash, randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

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

const key = (secret: string) => new TextEncoder().encode(secret);

/** The `sid` claim for a session id. */
export function sessionHash(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/** Signs a token for `subject`, valid from `now` for TOKEN_LIFETIME_S seconds. */
export async function signToken(
  subject: TokenSubject,
  { secret, issuer, audience, now = Date.now() }: { secret: string; issuer: string; audience: string; now?: number },
): Promise<{ token: string; claims: SyncClaims }> {
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
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key(secret));
  return { token, claims };
}

/**
 * Checks a synced token the way a receiver should: HS256 only, the signature
 * (in constant time), not expired, not issued in the future, and no longer-lived
 * than TOKEN_LIFETIME_S; `audience`/`issuer`, when given, must match. Answers the
 * claims, or throws a TokenError saying what is wrong.
 */
export async function verifyToken(
  token: string,
  secret: string,
  { now = Date.now(), audience, issuer }: { now?: number; audience?: string; issuer?: string } = {},
): Promise<SyncClaims> {
  if (token.split(".").length !== 3) throw new TokenError("not a JWT");
  let claims: SyncClaims;
  try {
    // Only the algorithm we sign with: never "none", never one the token picks.
    ({ payload: claims } = (await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      audience,
      issuer,
      currentDate: new Date(now),
      requiredClaims: ["exp", "iat", "sub"],
    })) as { payload: SyncClaims });
  } catch (error) {
    throw new TokenError(reasonOf(error));
  }
  const seconds = Math.floor(now / 1000);
  if (claims.iat > seconds + CLOCK_SKEW_S) throw new TokenError("issued in the future");
  if (claims.exp - claims.iat > TOKEN_LIFETIME_S) throw new TokenError("lives too long");
  if (typeof claims.sid !== "string") throw new TokenError("no sub or sid");
  return claims;
}

/** jose's refusal in this module's words (what a receiver logs). */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return "unexpected algorithm";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "bad signature";
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return "wrong audience";
    if (error.claim === "iss") return "wrong issuer";
    if (error.claim === "iat") return "issued in the future";
    return `no ${error.claim}`;
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return "unreadable token";
  return "not a valid token";
}
