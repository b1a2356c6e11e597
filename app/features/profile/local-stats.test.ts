import { describe, expect, it } from "vitest";
import { countVisit, formatTimeSpent, readTracking, resume, startTracking, stopTracking, tick, type TrackingState, writeTracking } from "./local-stats";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe("time tracking", () => {
  it("formats hours and minutes", () => {
    expect(formatTimeSpent(0)).toBe("0h 0m");
    expect(formatTimeSpent(59_999)).toBe("0h 0m");
    expect(formatTimeSpent(61 * 60_000)).toBe("1h 1m");
    expect(formatTimeSpent(25 * 3600_000 + 5 * 60_000)).toBe("25h 5m");
  });

  it("adds time only while tracking, and stops with a final update", () => {
    let s: TrackingState = { totalTimeSpent: 0, lastActive: null, trackTime: false };
    s = tick(s, 1000);
    expect(s.totalTimeSpent).toBe(0);
    s = startTracking(s, 1000);
    s = tick(s, 61_000);
    expect(s.totalTimeSpent).toBe(60_000);
    s = stopTracking(s, 121_000);
    expect(s).toEqual({ totalTimeSpent: 120_000, lastActive: 121_000, trackTime: false });
    expect(tick(s, 999_999).totalTimeSpent).toBe(120_000);
  });

  it("resumes from the page load, not from when the page was left", () => {
    const s = resume({ totalTimeSpent: 5000, lastActive: 1000, trackTime: true }, 50_000);
    expect(tick(s, 51_000).totalTimeSpent).toBe(6000);
  });

  it("round-trips through storage under the spec's keys", () => {
    const storage = memoryStorage();
    writeTracking(storage, { totalTimeSpent: 3_720_000, lastActive: 42, trackTime: true });
    expect(Object.fromEntries(storage.map)).toEqual({ totalTimeSpent: "3720000", timeSpent: "1h 2m", trackTime: "true", lastActive: "42" });
    expect(readTracking(storage)).toEqual({ totalTimeSpent: 3_720_000, lastActive: 42, trackTime: true });
  });
});

describe("visits", () => {
  it("count once per browser session", () => {
    const local = memoryStorage();
    const session1 = memoryStorage();
    expect(countVisit(local, session1)).toBe(1);
    expect(countVisit(local, session1)).toBe(1);
    expect(countVisit(local, memoryStorage())).toBe(2);
    expect(local.map.get("totalVisits")).toBe("2");
  });
});
