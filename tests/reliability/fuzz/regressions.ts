/**
 * Requests that once answered 5xx, kept so that each is sent on every run,
 * not only when a random seed happens to build it again. Add the request a
 * fuzz finding printed (its path, headers and body), with where it was found.
 */
export interface Regression {
  found: string;
  method: "POST" | "GET";
  path: string;
  headers?: Record<string, string>;
  body: string;
  /** Sent with a signed-in worker's session cookie too. */
  alsoSignedIn?: boolean;
}

const TO_PRIMITIVE_TRAP = { toString: "x", valueOf: 1 };

export const REGRESSIONS: Regression[] = [
  {
    found: "CI, seed 3643811018 #1053: String() of an object code in the two-factor hook",
    method: "POST",
    path: "/api/auth/two-factor/verify-totp",
    body: JSON.stringify({ code: TO_PRIMITIVE_TRAP, trustDevice: "mbbb" }),
    alsoSignedIn: true,
  },
  {
    found: "review of that finding: the idempotent sign-up's fingerprint took String() of the address",
    method: "POST",
    path: "/api/auth/sign-up/email",
    headers: { "Idempotency-Key": "regression-key-0001" },
    body: JSON.stringify({ email: TO_PRIMITIVE_TRAP, password: TO_PRIMITIVE_TRAP, name: TO_PRIMITIVE_TRAP }),
  },
  {
    found: "review of that finding: a JSON body that is not an object",
    method: "POST",
    path: "/api/auth/sign-up/email",
    headers: { "Idempotency-Key": "regression-key-0002" },
    body: "null",
  },
  {
    found: "review of that finding: a passkey's name from String()",
    method: "POST",
    path: "/api/auth/passkey/rename",
    body: JSON.stringify({ id: "x", name: TO_PRIMITIVE_TRAP }),
    alsoSignedIn: true,
  },
];
