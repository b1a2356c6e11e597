import { describe, expect, it } from "vitest";
import { freshForS, lastProofAt } from "./reauthentication.server";
import { sessionLifetime } from "./session-lifetime.server";

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const lifetimes = { rememberedS: 30 * 86_400, shortS: 12 * 3_600 };

describe("session lifetimes", () => {
  it("a 'don't remember me' session (Better Auth's one day) gets the short lifetime; a remembered one keeps its own", () => {
    const short = sessionLifetime.shorten({ expiresAt: new Date(now + 86_400_000) }, lifetimes, now);
    expect(new Date(short.expiresAt).getTime()).toBe(now + 12 * 3_600_000);
    const remembered = sessionLifetime.shorten({ expiresAt: new Date(now + 30 * 86_400_000) }, lifetimes, now);
    expect(new Date(remembered.expiresAt).getTime()).toBe(now + 30 * 86_400_000);
    // The verification link's sign-in: short, whatever Better Auth made it.
    const byLink = sessionLifetime.shorten({ expiresAt: new Date(now + 30 * 86_400_000) }, lifetimes, now, true);
    expect(new Date(byLink.expiresAt).getTime()).toBe(now + 12 * 3_600_000);
  });

  it("never slides: refresh off, and Better Auth's day-old freshness check off", () => {
    expect(sessionLifetime.options(lifetimes)).toMatchObject({ expiresIn: 30 * 86_400, disableSessionRefresh: true, freshAge: 0 });
  });
});

describe("re-authentication window", () => {
  it("is fresh for 15 minutes after the sign-in or the last proof, whichever is later", () => {
    const signedIn = new Date(now - 20 * 60_000);
    expect(freshForS({ createdAt: signedIn }, 900, now)).toBe(0);
    expect(freshForS({ createdAt: signedIn, reauthenticatedAt: new Date(now - 5 * 60_000) }, 900, now)).toBe(600);
    expect(freshForS({ createdAt: new Date(now - 60_000), reauthenticatedAt: null }, 900, now)).toBe(840);
    expect(lastProofAt({ createdAt: "2026-11-23T11:00:00.000Z", reauthenticatedAt: "not a date" })).toBe(Date.UTC(2026, 10, 23, 11));
  });
});
