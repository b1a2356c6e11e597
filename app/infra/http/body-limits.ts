/**
 * How many bytes of request body each part of the site accepts. The HTTP edge
 * (server/http.ts) refuses a bigger body with 413 before reading past the cap
 * (by Content-Length, and by counting while it reads); the body reader
 * (./body.server.ts) applies the same cap where there is no edge (npm run dev).
 */
export const KB = 1024;

export const BODY_LIMITS = {
  /** Feedback and contact messages: the form service's 32 KB. */
  forms: 32 * KB,
  /** Analytics beacons: a few numbers and names. */
  beacon: 8 * KB,
  /** Everything else that takes a body: sign-in and friends, the profile, the user API. */
  default: 64 * KB,
} as const;

const FORM_PATHS = /^\/(?:feedback|contact|api\/forms\/[^/]+|f\/[^/]+)\/?$/;

export function bodyLimitFor(pathname: string): number {
  if (FORM_PATHS.test(pathname.replace(/\.data$/, ""))) return BODY_LIMITS.forms;
  if (pathname === "/api/vitals") return BODY_LIMITS.beacon;
  return BODY_LIMITS.default;
}

/** What a refused body is told: the limit, in the words of its part of the site. */
export function tooLargeMessage(pathname: string): string {
  const limit = bodyLimitFor(pathname);
  if (limit === BODY_LIMITS.forms) return "The submission is too large: the limit is 32 KB.";
  return `The request body is too large: the limit is ${limit / KB} KB.`;
}
