/**
 * When each session's token last went to the sync receiver, so that an active
 * visitor causes at most one "refresh" per interval (5 minutes: the token's
 * lifetime, the spec's "token refresh 5 minutes before expiry"), however many
 * requests they make.
 *
 * - The session's own creation time counts as a sync: its sign-in sent one.
 *   That also holds on an instance that never saw the sign-in, so a visitor
 *   balanced onto another instance right after signing in sends nothing new.
 * - Bounded: at most `maxEntries` sessions are remembered. Entries are kept in
 *   the order they were last synced, so the oldest are the first to be
 *   irrelevant; when the map is full of entries still inside the interval, a
 *   refresh is skipped rather than a memory bound or the interval broken.
 * - Per process: with several instances a session may refresh once per
 *   instance per interval (ADR 0015).
 */
export interface RefreshThrottleOptions {
  intervalMs?: number;
  maxEntries?: number;
}

export const REFRESH_INTERVAL_MS = 5 * 60 * 1000;

export class RefreshThrottle {
  /** Session id → when its last sync went out (ms). Insertion order = sync order. */
  private readonly last = new Map<string, number>();
  readonly intervalMs: number;
  private readonly maxEntries: number;

  constructor({ intervalMs = REFRESH_INTERVAL_MS, maxEntries = 50_000 }: RefreshThrottleOptions = {}) {
    this.intervalMs = intervalMs;
    this.maxEntries = maxEntries;
  }

  /**
   * Whether a refresh of this session is due now; if it is, it is recorded as
   * sent (the caller sends it). `since`: when the session was created, the
   * sync of its sign-in (a function: only worked out for a session not seen yet).
   */
  claim(sessionId: string, now = Date.now(), since?: number | (() => number | undefined)): boolean {
    let previous = this.last.get(sessionId);
    if (previous === undefined) {
      const created = typeof since === "function" ? since() : since;
      if (created !== undefined && Number.isFinite(created)) previous = created;
    }
    if (previous !== undefined && now - previous < this.intervalMs) return false;
    return this.record(sessionId, now);
  }

  /** A sync went out for this session by another way (its sign-in). */
  mark(sessionId: string, now = Date.now()): void {
    this.record(sessionId, now);
  }

  /** The session ended: nothing more to throttle. */
  forget(sessionId: string): void {
    this.last.delete(sessionId);
  }

  get size(): number {
    return this.last.size;
  }

  private record(sessionId: string, now: number): boolean {
    this.last.delete(sessionId);
    // Drop what no longer throttles anything (the oldest come first).
    for (const [id, at] of this.last) {
      if (this.last.size < this.maxEntries && now - at < this.intervalMs) break;
      if (now - at < this.intervalMs) return false; // full of live entries: skip, stay bounded
      this.last.delete(id);
    }
    this.last.set(sessionId, now);
    return true;
  }
}
