import { fill } from "~/shared/i18n/messages";
import { describe, expect, it } from "vitest";
import { decideResend, RESEND_MESSAGES } from "./resend-verification";

const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const min = 60_000;

describe("decideResend (spec section 5)", () => {
  it("refuses an already verified email first", () => {
    expect(decideResend({ emailVerified: true, attempts: 9, sentAt: t0 }, t0)).toEqual({ kind: "already-verified" });
  });

  it("stops at 5 attempts", () => {
    expect(decideResend({ emailVerified: false, attempts: 5, sentAt: t0 - 60 * min }, t0)).toEqual({ kind: "max-attempts" });
    expect(decideResend({ emailVerified: false, attempts: 4, sentAt: t0 - 60 * min }, t0)).toEqual({ kind: "send" });
  });

  it("asks to wait 5 minus the whole minutes elapsed", () => {
    const at = (elapsed: number) => decideResend({ emailVerified: false, attempts: 1, sentAt: t0 }, t0 + elapsed);
    expect(at(0)).toEqual({ kind: "wait", minutes: 5 });
    expect(at(59_999)).toEqual({ kind: "wait", minutes: 5 });
    expect(at(1 * min)).toEqual({ kind: "wait", minutes: 4 });
    expect(at(4 * min + 59_000)).toEqual({ kind: "wait", minutes: 1 });
    expect(at(5 * min)).toEqual({ kind: "send" });
  });

  it("sends when nothing was sent yet", () => {
    expect(decideResend({ emailVerified: false, attempts: 0, sentAt: null }, t0)).toEqual({ kind: "send" });
  });

  it("words its messages exactly as the spec", () => {
    expect(fill(RESEND_MESSAGES.wait, { minutes: 3 })).toBe("Please wait 3 minutes before requesting another verification email.");
    expect(RESEND_MESSAGES.maxAttempts).toBe("Maximum verification attempts reached. Please contact support.");
    expect(RESEND_MESSAGES.noUser).toBe("No user is currently signed in");
    expect(RESEND_MESSAGES.alreadyVerified).toBe("Email is already verified");
  });
});
