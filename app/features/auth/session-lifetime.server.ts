/**
 * Absolute session lifetimes (ASVS 7.3.2, issue 19): a session ends when it was
 * made to, however active it is: 30 days with "Remember this device"
 * (SESSION_DAYS), 24 hours without (SESSION_SHORT_HOURS).
 *
 * Better Auth slides a session's expiry forward on use (`updateAge`); that is
 * off (`disableSessionRefresh`), so `expiresAt` is set once, at sign-in. A
 * session without "Remember this device" gets Better Auth's one day and a
 * browser-session cookie; the create hook moves it to SESSION_SHORT_HOURS.
 *
 * Better Auth's own "fresh session" check (`freshAge`, a day after sign-in by
 * default, which also made listing one's devices fail after a day) is off:
 * re-authentication is ours, per change, with its own 15-minute window
 * (reauthentication.server.ts).
 */

export interface Lifetimes {
  /** With "Remember this device", seconds. */
  rememberedS: number;
  /** Without it, seconds. */
  shortS: number;
}

/** Better Auth's lifetime for a session without "Remember this device" (its `dontRememberMe`). */
const BETTER_AUTH_SHORT_S = 24 * 60 * 60;

export const sessionLifetime = {
  options(lifetimes: Lifetimes) {
    return {
      expiresIn: lifetimes.rememberedS,
      disableSessionRefresh: true,
      freshAge: 0,
    } as const;
  },

  /**
   * The session Better Auth is about to create, with the short lifetime
   * applied when it is a "don't remember me" one (its expiry a day away).
   */
  shorten<T extends { expiresAt: Date | string; createdAt?: Date | string }>(session: T, lifetimes: Lifetimes, now = Date.now(), byLink = false): T {
    // The verification link's sign-in (ADR 0025): nobody was asked to remember the device.
    if (byLink) return { ...session, expiresAt: new Date(now + lifetimes.shortS * 1000) };
    const expiresIn = (new Date(session.expiresAt).getTime() - now) / 1000;
    const isShort = expiresIn <= BETTER_AUTH_SHORT_S + 60 && lifetimes.rememberedS > BETTER_AUTH_SHORT_S + 60;
    if (!isShort) return session;
    return { ...session, expiresAt: new Date(now + lifetimes.shortS * 1000) };
  },

  /**
   * A session Better Auth makes to replace the request's own (a password
   * change, two-factor turned on or off) ends no later than the one it
   * replaces: Better Auth gives it the remembered lifetime whatever the
   * sign-in chose, which turned a 24-hour session into a 30-day one.
   */
  noLongerThan<T extends { expiresAt: Date | string }>(session: T, replaced: { expiresAt: Date | string } | null | undefined): T {
    if (!replaced) return session;
    const end = Math.min(new Date(session.expiresAt).getTime(), new Date(replaced.expiresAt).getTime());
    return Number.isFinite(end) ? { ...session, expiresAt: new Date(end) } : session;
  },
};
