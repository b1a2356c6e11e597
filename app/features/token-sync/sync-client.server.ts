/**
 * The token-sync client: tells TOKEN_SYNC_URL about sign-ins (POST), refreshes
 * of an active session (POST, at most every 5 minutes) and sign-outs (DELETE),
 * each with a fresh short-lived token (token.ts) as `Authorization: Bearer …`
 * and a small JSON body:
 *
 *   { "event": "sign-in" | "refresh" | "sign-out", "userId": "…", "expiresAt": "<the token's exp, ISO 8601>" }
 *
 * Never in the visitor's way: every method returns at once and the delivery
 * runs in the background (the caller never awaits it), so a slow or dead
 * receiver costs a sign-in nothing. Each delivery makes up to `attempts`
 * tries, each with its own timeout, backing off between them, all within a
 * 30-second budget (the spec's network timeout); 2xx is done, a network
 * error, a timeout, 408, 429 or 5xx is tried again, anything else is final.
 * Retries carry the same token (same `jti`), so a receiver can drop repeats.
 *
 * Bounded: at most `maxInFlight` deliveries at once. Beyond that a delivery is
 * dropped and counted (a dead receiver under a burst of sign-ins must not pile
 * up sockets and promises without end); a refresh comes again in 5 minutes.
 * Failures are logged as warnings, with the event and user id, never the token.
 */
import { setMaxListeners } from "node:events";
import type { Logger } from "pino";
import { RefreshThrottle } from "./refresh-throttle";
import { signToken, type TokenSubject } from "./token";

export type SyncEvent = "sign-in" | "refresh" | "sign-out";

/** The part of a Better Auth session the sync needs. */
export interface SyncSession {
  id: string;
  userId: string;
  /**
   * When the session began (its sign-in was synced then): the refresh throttle
   * counts from it. A Date, or its ISO string or milliseconds (a session read
   * back from JSON); anything else is ignored.
   */
  createdAt?: unknown;
}

export interface TokenSyncOptions {
  url: string;
  secret: string;
  /** APP_URL's origin: the tokens' `iss`. */
  issuer: string;
  log?: Logger;
  /** The user's email for the token, when the caller does not know it (read in the background). */
  userEmail?: (userId: string) => Promise<string | null | undefined>;
  attempts?: number;
  attemptTimeoutMs?: number;
  /** All tries of one delivery, backoff included, end within this. */
  budgetMs?: number;
  /** The wait before the 2nd, 3rd, … try. */
  backoffMs?: readonly number[];
  maxInFlight?: number;
  throttle?: RefreshThrottle;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface TokenSyncStats {
  inFlight: number;
  delivered: number;
  failed: number;
  dropped: number;
}

export class TokenSync {
  readonly throttle: RefreshThrottle;
  private readonly options: Required<Pick<TokenSyncOptions, "attempts" | "attemptTimeoutMs" | "budgetMs" | "backoffMs" | "maxInFlight">> & TokenSyncOptions;
  private readonly audience: string;
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborted by `drain` when its time is up: waits and requests end at once. */
  private readonly stopping = new AbortController();
  private readonly counts = { delivered: 0, failed: 0, dropped: 0 };
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(options: TokenSyncOptions) {
    this.options = { attempts: 3, attemptTimeoutMs: 10_000, budgetMs: 30_000, backoffMs: [1_000, 4_000], maxInFlight: 64, ...options };
    this.audience = new URL(options.url).origin;
    this.throttle = options.throttle ?? new RefreshThrottle();
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.now = options.now ?? Date.now;
    // Every delivery under way listens for the shutdown (an attempt or a backoff wait at a time).
    setMaxListeners(this.options.maxInFlight + 10, this.stopping.signal);
  }

  /** A session was created (a sign-in, or the fresh session of a password change). */
  signedIn(session: SyncSession, email?: string): void {
    this.throttle.mark(session.id, this.now());
    this.send("sign-in", session, email);
  }

  /**
   * The session was just used: sends a "refresh" if its last sync is at least
   * the throttle's interval (5 minutes) old, else nothing. One map lookup when
   * there is nothing to send; safe to call on every signed-in request.
   */
  refresh(session: SyncSession, email?: string): boolean {
    if (!this.throttle.claim(session.id, this.now(), () => millisOf(session.createdAt))) return false;
    this.send("refresh", session, email);
    return true;
  }

  /** The session ended (sign-out, revocation, password change elsewhere, expiry, account deletion). */
  signedOut(session: SyncSession): void {
    this.throttle.forget(session.id);
    this.send("sign-out", session);
  }

  stats(): TokenSyncStats {
    return { inFlight: this.inFlight.size, ...this.counts };
  }

  /**
   * Waits up to `timeoutMs` for deliveries under way (shutdown: a sign-out's
   * DELETE is worth a moment), then abandons the rest.
   */
  async drain(timeoutMs = 5_000): Promise<void> {
    if (this.inFlight.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    }
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private send(event: SyncEvent, session: SyncSession, email?: string): void {
    const { log, maxInFlight } = this.options;
    if (this.stopping.signal.aborted) return;
    if (this.inFlight.size >= maxInFlight) {
      this.counts.dropped++;
      log?.warn(
        { event, userId: session.userId, inFlight: this.inFlight.size, dropped: this.counts.dropped },
        "token sync: too many deliveries under way, dropped",
      );
      return;
    }
    const task: Promise<void> = this.deliver(event, session, email)
      .catch((error: unknown) => {
        this.counts.failed++;
        log?.warn({ event, userId: session.userId, err: error }, "token sync failed");
      })
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  private async deliver(event: SyncEvent, session: SyncSession, email: string | undefined): Promise<void> {
    const { url, secret, issuer, log, userEmail, attempts, attemptTimeoutMs, budgetMs, backoffMs } = this.options;
    // The budget runs on the monotonic clock; `now` (injectable) dates the token.
    const started = performance.now();
    const subject: TokenSubject = {
      userId: session.userId,
      sessionId: session.id,
      email: email ?? (await userEmail?.(session.userId).catch(() => undefined)),
    };
    const { token, claims } = await signToken(subject, { secret, issuer, audience: this.audience, now: this.now() });
    const body = JSON.stringify({ event, userId: session.userId, expiresAt: new Date(claims.exp * 1000).toISOString() });
    const method = event === "sign-out" ? "DELETE" : "POST";

    let problem = "";
    let attempt = 0;
    while (attempt < attempts) {
      const left = budgetMs - (performance.now() - started);
      if (left <= 0 || this.stopping.signal.aborted) break;
      attempt++;
      // Its own timer and a listener removed afterwards (not AbortSignal.any on a
      // signal that lives as long as the process: nothing may pile up on it).
      const attemptSignal = abortAfter(Math.min(attemptTimeoutMs, left), this.stopping.signal);
      try {
        const response = await this.fetch(url, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
          // A redirect would carry the token elsewhere: not followed, and final.
          redirect: "manual",
          signal: attemptSignal.signal,
        });
        // Free the connection; the answer's body is of no interest.
        await response.body?.cancel().catch(() => {});
        if (response.ok) {
          this.counts.delivered++;
          log?.debug({ event, userId: session.userId, attempt }, "token sync delivered");
          return;
        }
        problem = `HTTP ${response.status}`;
        if (!(response.status === 408 || response.status === 429 || response.status >= 500)) break;
      } catch (error) {
        problem = describe(error);
      } finally {
        attemptSignal.clear();
      }
      const wait = backoffMs[attempt - 1] ?? backoffMs.at(-1) ?? 0;
      if (attempt >= attempts || performance.now() - started + wait >= budgetMs) break;
      await sleep(wait, this.stopping.signal);
    }
    this.counts.failed++;
    log?.warn({ event, userId: session.userId, attempts: attempt, problem }, "token sync failed");
  }
}

function millisOf(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string" || typeof value === "number") return new Date(value).getTime();
  return undefined;
}

/** A network error's short reason (the cause's code, e.g. ECONNREFUSED), or the timeout. */
function describe(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "TimeoutError") return "timed out";
  if (name === "AbortError") return "aborted";
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** A signal that aborts after `ms` (a TimeoutError) or with `parent`; `clear` when the attempt is over. */
function abortAfter(ms: number, parent: AbortSignal): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("The attempt timed out", "TimeoutError")), ms).unref();
  const stop = () => controller.abort(parent.reason);
  if (parent.aborted) stop();
  else parent.addEventListener("abort", stop, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent.removeEventListener("abort", stop);
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    // A retry waiting is no reason to keep the process alive (shutdown drains first).
    const timer = setTimeout(done, ms).unref();
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
