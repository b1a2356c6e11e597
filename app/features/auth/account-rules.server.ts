/**
 * Our rules for accounts: the Better Auth plugins that run inside Better
 * Auth, for its HTTP endpoints (/api/auth/*) and for our route actions'
 * `auth.api.*` calls alike, in the order their hooks must run.
 *
 *   - sign-in-limits.server.ts: rate limits per IP and per address, failed
 *     sign-ins counted and forgiven
 *   - sign-up-race.server.ts: a sign-up that lost a race for its address
 *     answers like one for a taken address
 *   - verification-flow.server.ts: the pending-verification cookie, a
 *     sign-up's mail queued or the sign-up undone, resend and its rules
 *   - verification-links.server.ts: the link works once, and signs in only
 *     the browser that signed up
 *   - account-notices.server.ts: the password-changed notice, the
 *     account-deletion link's rules
 *
 * Kept apart, by job, so that each can be read (and reviewed) on its own; one
 * call here so that auth.server.ts registers them together, limits first.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { accountNotices } from "./account-notices.server";
import { signInLimits } from "./sign-in-limits.server";
import { signUpRace } from "./sign-up-race.server";
import { verificationFlow } from "./verification-flow.server";
import { verificationLinks } from "./verification-links.server";

// Where the tests' services (tests/support/test-services.ts) have always found the outbox's hooks.
export { verificationMailHooks } from "./verification-mail.server";

export interface AccountRulesDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  outbox?: MailOutbox;
  log?: Logger;
  appUrl: string;
  /** How long verification links live (seconds). */
  linkLifetimeS: number;
}

/**
 * The plugins, in order: the limits' before hooks run ahead of everything
 * else of ours (a refused attempt has counted); the race's sign-up answer
 * comes before the verification flow's sign-up hook reads it.
 */
export function accountRules(deps: AccountRulesDeps) {
  return [signInLimits(deps), signUpRace(), verificationFlow(deps), verificationLinks(deps), accountNotices(deps)] as const;
}
