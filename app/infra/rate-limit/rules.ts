/**
 * Rate-limit rules per endpoint: a budget per client IP and, where the request
 * names an account, per email address (so one address cannot be hammered from
 * many IPs, nor many addresses from one IP). The numbers and why:
 * docs/decisions/0008-accounts-and-identity.md.
 */
import { limiterKey } from "~/infra/http/client-address.server";
import type { Check, Limit } from "./rate-limiter.server";

const minutes = (n: number) => n * 60_000;

export interface Rule {
  name: string;
  ip: Limit;
  /** Keyed by the email address the request names (or another account key). */
  email?: Limit;
}

export const RULES = {
  // Per-IP budgets are ceilings against floods, not the fine work (issue 19): a classroom, an office
  // or a mobile network puts dozens of people behind one address, and 50 of them signing up and
  // sending a message each within 10 minutes must all succeed. What stops one client is keyed on
  // what it names: the address (sign-up, reset, resend, failed sign-ins per address and IP), the
  // account (deletion, password change), and the forms' honeypot and per-form ceilings
  // (form-ceilings.server.ts).
  signIn: { name: "sign-in", ip: { max: 150, windowMs: minutes(15) } },
  signUp: { name: "sign-up", ip: { max: 100, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  passwordReset: { name: "reset", ip: { max: 100, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  resetPassword: { name: "reset-confirm", ip: { max: 100, windowMs: minutes(60) } },
  resendVerification: { name: "resend", ip: { max: 100, windowMs: minutes(60) }, email: { max: 10, windowMs: minutes(60) } },
  socialSignIn: { name: "social", ip: { max: 150, windowMs: minutes(15) } },
  // A flood ceiling; the honeypot and the per-form ceilings (form-ceilings.server.ts) do the rest.
  forms: { name: "forms", ip: { max: 100, windowMs: minutes(10) } },
  // Ask Tuesday (issue 41): a classroom behind one address must still get answers (at least 100
  // questions in 10 minutes); an answer costs well under a millisecond of CPU, so the ceiling is
  // against floods of the counters' writes. Thumbs share the budget.
  help: { name: "help", ip: { max: 300, windowMs: minutes(10) } },
  // The launch waitlist: a flood ceiling per IP, and per mailbox (a `+tag` or Gmail's dots do not make
  // another one: features/waitlist mailboxKey), so nobody mails one inbox again and again; the waitlist
  // also caps its confirmation mails per hour in all (ADR 0028). One client's hour is a sixth of that
  // ceiling and a classroom's 50 (ADR 0048): it was 30 per 10 minutes, and two clients kept the waitlist
  // closed to everyone.
  waitlist: { name: "waitlist", ip: { max: 50, windowMs: minutes(60) }, email: { max: 10, windowMs: minutes(60) } },
  // Analytics beacons (POST /api/vitals): a visit sends one or two per page it views (a page view, then
  // the vitals when the page is hidden), so 30 in 10 minutes is a brisk reader's 15–25 pages, or a few
  // people behind one address. It was 300: enough for one client to outvote a quiet route's real
  // visitors (finding 5, ADR 0022). What a busy shared address loses is a sample, not a function.
  vitals: { name: "vitals", ip: { max: 30, windowMs: minutes(10) } },
  // Keyed by account (the "email" slot holds the user id): password guessing through deletion.
  deleteAccount: { name: "delete", ip: { max: 100, windowMs: minutes(15) }, email: { max: 5, windowMs: minutes(15) } },
  changePassword: { name: "change-password", ip: { max: 100, windowMs: minutes(15) }, email: { max: 5, windowMs: minutes(15) } },
} satisfies Record<string, Rule>;

/**
 * Failed sign-ins, counted per address, so that guessing one account's
 * password stops without letting a stranger lock its owner out:
 *
 * - per address *and* client IP: 10 failures in 15 minutes stop that IP from
 *   trying that address (the owner, elsewhere, is not affected);
 * - per address from everywhere: after 100 failures in a row (NIST SP
 *   800-63B 5.2.2) guessing spread over many IPs stops for up to a day; a
 *   browser that has signed in to the address with its current password (it
 *   holds the known-device cookie, set since) is exempt from it;
 * - a successful sign-in or password reset clears the address's counters,
 *   so the day's window only ends a run nobody ended (decision 0046).
 */
export const SIGN_IN_FAILURES = {
  perAddressAndIp: { max: 10, windowMs: minutes(15) },
  perAddress: { max: 100, windowMs: minutes(24 * 60) },
} as const satisfies Record<string, Limit>;

/**
 * Codes tried at a sign-in's second step, counted per account as they are
 * tried. Better Auth locks an account for 15 minutes after 10 wrong codes,
 * then forgets them, so someone who has the password could try about 960
 * codes a day for ever; after 100 in a row (NIST SP 800-63B 5.2.2, as for
 * passwords) the code step stops for the rest of the day's window. A right
 * code, or a password reset, clears the count.
 */
export const SECOND_FACTOR_FAILURES = { perAccount: { max: 100, windowMs: minutes(24 * 60) } } as const satisfies Record<string, Limit>;

export function secondFactorFailureChecks(userId: string): Check[] {
  return [{ key: `second-factor-failed:user:${userId}`, limit: SECOND_FACTOR_FAILURES.perAccount }];
}

/** The owner hears of a pause once a day, however many refused codes follow (one hit, across instances). */
export function codesPausedNoticeChecks(userId: string): Check[] {
  return [{ key: `codes-paused-notice:user:${userId}`, limit: { max: 1, windowMs: SECOND_FACTOR_FAILURES.perAccount.windowMs } }];
}

/**
 * Every per-client key goes through here or signInFailureKeys: the client is
 * `limiterKey(ip)`, an IPv4 address or an IPv6 address's /64
 * (client-address.server.ts), so one IPv6 client cannot multiply its budget.
 */
export function checksFor(rule: Rule, ip: string, account?: string) {
  const checks = [{ key: `${rule.name}:ip:${limiterKey(ip)}`, limit: rule.ip }];
  if (rule.email && account) checks.push({ key: `${rule.name}:email:${account}`, limit: rule.email });
  return checks;
}

export function signInFailureKeys(email: string, ip: string) {
  return {
    perAddressAndIp: `sign-in-failed:email-ip:${email}:${limiterKey(ip)}`,
    perAddress: `sign-in-failed:email:${email}`,
  };
}

/** An address's failed sign-ins from this client and from everywhere: what a wrong password counts into. */
export function signInFailureChecks(email: string, ip: string): Check[] {
  const keys = signInFailureKeys(email, ip);
  return [
    { key: keys.perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp },
    { key: keys.perAddress, limit: SIGN_IN_FAILURES.perAddress },
  ];
}
