/**
 * Rate-limit rules per endpoint: a budget per client IP and, where the request
 * names an account, per email address (so one address cannot be hammered from
 * many IPs, nor many addresses from one IP). The numbers and why:
 * docs/decisions/0008-accounts-and-identity.md.
 */
import type { Limit } from "./rate-limiter.server";

const minutes = (n: number) => n * 60_000;

export interface Rule {
  name: string;
  ip: Limit;
  /** Keyed by the email address the request names (or another account key). */
  email?: Limit;
}

export const RULES = {
  signIn: { name: "sign-in", ip: { max: 30, windowMs: minutes(15) } },
  signUp: { name: "sign-up", ip: { max: 10, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  passwordReset: { name: "reset", ip: { max: 10, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  resetPassword: { name: "reset-confirm", ip: { max: 20, windowMs: minutes(60) } },
  resendVerification: { name: "resend", ip: { max: 20, windowMs: minutes(60) }, email: { max: 10, windowMs: minutes(60) } },
  socialSignIn: { name: "social", ip: { max: 30, windowMs: minutes(15) } },
  forms: { name: "forms", ip: { max: 5, windowMs: minutes(10) } },
  // Analytics beacons (POST /api/vitals): about two per page viewed; generous for a shared office IP.
  vitals: { name: "vitals", ip: { max: 300, windowMs: minutes(10) } },
  // Keyed by account (the "email" slot holds the user id): password guessing through deletion.
  deleteAccount: { name: "delete", ip: { max: 20, windowMs: minutes(15) }, email: { max: 5, windowMs: minutes(15) } },
  changePassword: { name: "change-password", ip: { max: 20, windowMs: minutes(15) }, email: { max: 5, windowMs: minutes(15) } },
} satisfies Record<string, Rule>;

/**
 * Failed sign-ins, counted per address, so that guessing one account's
 * password stops without letting a stranger lock its owner out:
 *
 * - per address *and* client IP: 10 failures in 15 minutes stop that IP from
 *   trying that address (the owner, elsewhere, is not affected);
 * - per address from everywhere: a ceiling of 100 failures an hour stops
 *   guessing spread over many IPs; a browser that has signed in to the
 *   address before (it holds the known-device cookie) is exempt from it;
 * - a successful sign-in or password reset clears the address's counters.
 */
export const SIGN_IN_FAILURES = {
  perAddressAndIp: { max: 10, windowMs: minutes(15) },
  perAddress: { max: 100, windowMs: minutes(60) },
} as const satisfies Record<string, Limit>;

export function checksFor(rule: Rule, ip: string, account?: string) {
  const checks = [{ key: `${rule.name}:ip:${ip}`, limit: rule.ip }];
  if (rule.email && account) checks.push({ key: `${rule.name}:email:${account}`, limit: rule.email });
  return checks;
}

export function signInFailureKeys(email: string, ip: string) {
  return {
    perAddressAndIp: `sign-in-failed:email-ip:${email}:${ip}`,
    perAddress: `sign-in-failed:email:${email}`,
  };
}
