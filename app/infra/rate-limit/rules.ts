/**
 * Rate-limit rules per endpoint: a budget per client IP and, where the request
 * names an account, per email address (so one address cannot be hammered from
 * many IPs, nor many addresses from one IP).
 */
import type { Limit } from "./rate-limiter.server";

const minutes = (n: number) => n * 60_000;

export interface Rule {
  name: string;
  ip: Limit;
  email?: Limit;
}

export const RULES = {
  signIn: { name: "sign-in", ip: { max: 30, windowMs: minutes(15) }, email: { max: 10, windowMs: minutes(15) } },
  signUp: { name: "sign-up", ip: { max: 10, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  passwordReset: { name: "reset", ip: { max: 10, windowMs: minutes(60) }, email: { max: 5, windowMs: minutes(60) } },
  resetPassword: { name: "reset-confirm", ip: { max: 20, windowMs: minutes(60) } },
  resendVerification: { name: "resend", ip: { max: 20, windowMs: minutes(60) }, email: { max: 10, windowMs: minutes(60) } },
  socialSignIn: { name: "social", ip: { max: 30, windowMs: minutes(15) } },
  forms: { name: "forms", ip: { max: 5, windowMs: minutes(10) } },
  // Keyed by account (the "email" slot holds the user id): password guessing through deletion.
  deleteAccount: { name: "delete", ip: { max: 20, windowMs: minutes(15) }, email: { max: 5, windowMs: minutes(15) } },
} satisfies Record<string, Rule>;
