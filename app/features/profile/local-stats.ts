/**
 * The spec's local stats (section 3), kept in this browser's storage under the
 * spec's keys: time tracking (`timeSpent`, `totalTimeSpent`, `lastActive`,
 * `trackTime`) and visits (`totalVisits`, counted once per browser session
 * through the flag `visitCounted`: a cookie with no expiry, which every tab
 * shares and the browser forgets when it closes; sessionStorage, the spec's
 * place for it, is one tab's, so every new tab counted a visit).
 */
export const STATS_KEYS = {
  timeSpent: "timeSpent",
  totalTimeSpent: "totalTimeSpent",
  lastActive: "lastActive",
  trackTime: "trackTime",
  totalVisits: "totalVisits",
  visitCounted: "visitCounted",
} as const;

/** Whole hours and the minutes past them. */
export function timeSpentParts(ms: number): { h: number; m: number } {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** "Xh Ym" (spec: time display in hours and minutes), as stored under `timeSpent`; the page says it in its language. */
export function formatTimeSpent(ms: number): string {
  const { h, m } = timeSpentParts(ms);
  return `${h}h ${m}m`;
}

export interface TrackingState {
  totalTimeSpent: number;
  lastActive: number | null;
  trackTime: boolean;
}

/** Adds the time since `lastActive` (while tracking) and moves `lastActive` to now. */
export function tick(state: TrackingState, now: number): TrackingState {
  if (!state.trackTime || state.lastActive === null) return state;
  return { ...state, totalTimeSpent: state.totalTimeSpent + Math.max(0, now - state.lastActive), lastActive: now };
}

export function startTracking(state: TrackingState, now: number): TrackingState {
  return { ...state, trackTime: true, lastActive: now };
}

export function stopTracking(state: TrackingState, now: number): TrackingState {
  return { ...tick(state, now), trackTime: false };
}

/** A page load while the flag is set resumes from now: time away is not counted. */
export function resume(state: TrackingState, now: number): TrackingState {
  return state.trackTime ? { ...state, lastActive: now } : state;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function readTracking(storage: Storage): TrackingState {
  const total = Number(storage.getItem(STATS_KEYS.totalTimeSpent) ?? 0);
  const last = storage.getItem(STATS_KEYS.lastActive);
  return {
    totalTimeSpent: Number.isFinite(total) && total > 0 ? total : 0,
    lastActive: last && Number.isFinite(Number(last)) ? Number(last) : null,
    trackTime: storage.getItem(STATS_KEYS.trackTime) === "true",
  };
}

export function writeTracking(storage: Storage, state: TrackingState): void {
  storage.setItem(STATS_KEYS.totalTimeSpent, String(Math.round(state.totalTimeSpent)));
  storage.setItem(STATS_KEYS.timeSpent, formatTimeSpent(state.totalTimeSpent));
  storage.setItem(STATS_KEYS.trackTime, String(state.trackTime));
  if (state.lastActive !== null) storage.setItem(STATS_KEYS.lastActive, String(state.lastActive));
}

/** The browser session (every tab, until the browser closes) as storage: cookies with no expiry. */
export const browserSession: Storage & Pick<globalThis.Storage, "removeItem"> = {
  getItem(key) {
    const prefix = `${encodeURIComponent(key)}=`;
    const found = document.cookie.split("; ").find((c) => c.startsWith(prefix));
    return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
  },
  setItem(key, value) {
    document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  },
  removeItem(key) {
    document.cookie = `${encodeURIComponent(key)}=; path=/; SameSite=Lax; max-age=0`;
  },
};

/** Counts this visit unless this browser session already did; returns the total. */
export function countVisit(local: Storage, session: Storage): number {
  const current = Number(local.getItem(STATS_KEYS.totalVisits) ?? 0) || 0;
  if (session.getItem(STATS_KEYS.visitCounted) === "true") return current;
  session.setItem(STATS_KEYS.visitCounted, "true");
  local.setItem(STATS_KEYS.totalVisits, String(current + 1));
  return current + 1;
}

/**
 * Forgets this browser's stats (after the account is deleted): the next
 * person on this device must not inherit them.
 */
export function clearLocalStats(local: Pick<globalThis.Storage, "removeItem">, session: Pick<globalThis.Storage, "removeItem">): void {
  for (const key of Object.values(STATS_KEYS)) {
    local.removeItem(key);
    session.removeItem(key);
  }
}
