import { describe, expect, it } from "vitest";
import { REFRESH_INTERVAL_MS, RefreshThrottle } from "./refresh-throttle";

const MIN = 60_000;

describe("refresh throttle", () => {
  it("lets a session refresh at most once per 5 minutes", () => {
    const throttle = new RefreshThrottle();
    expect(REFRESH_INTERVAL_MS).toBe(5 * MIN);
    expect(throttle.claim("s1", 0)).toBe(true);
    expect(throttle.claim("s1", 1)).toBe(false);
    expect(throttle.claim("s1", 5 * MIN - 1)).toBe(false);
    expect(throttle.claim("s2", 1)).toBe(true);
    expect(throttle.claim("s1", 5 * MIN)).toBe(true);
    expect(throttle.claim("s1", 6 * MIN)).toBe(false);
  });

  it("counts a sign-in (mark, or the session's creation time) as a sync", () => {
    const throttle = new RefreshThrottle();
    throttle.mark("s1", 10 * MIN);
    expect(throttle.claim("s1", 12 * MIN)).toBe(false);
    expect(throttle.claim("s1", 15 * MIN)).toBe(true);
    // Another instance made the session 2 minutes ago: nothing yet; an old session: now.
    expect(throttle.claim("s2", 12 * MIN, 10 * MIN)).toBe(false);
    expect(throttle.claim("s3", 12 * MIN, 1 * MIN)).toBe(true);
  });

  it("forgets a session that ended", () => {
    const throttle = new RefreshThrottle();
    throttle.mark("s1", 0);
    throttle.forget("s1");
    expect(throttle.size).toBe(0);
    expect(throttle.claim("s1", 1)).toBe(true);
  });

  it("stays bounded: drops what no longer throttles, and skips rather than forget a live entry", () => {
    const throttle = new RefreshThrottle({ maxEntries: 3 });
    for (const [i, id] of ["a", "b", "c"].entries()) expect(throttle.claim(id, i)).toBe(true);
    // Full of live entries: "d" waits, and "a" is still throttled.
    expect(throttle.claim("d", 10)).toBe(false);
    expect(throttle.size).toBe(3);
    expect(throttle.claim("a", 20)).toBe(false);
    // Once the old ones are past their interval they make room.
    expect(throttle.claim("d", 5 * MIN + 1)).toBe(true);
    expect(throttle.size).toBeLessThanOrEqual(3);
    for (let i = 0; i < 100; i++) throttle.claim(`x${i}`, 20 * MIN + i * 5 * MIN);
    expect(throttle.size).toBeLessThanOrEqual(3);
  });
});
