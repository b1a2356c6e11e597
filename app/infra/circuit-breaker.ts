/**
 * A circuit breaker for an accelerator (Redis): after a few failures in a row
 * the dependency is not asked at all for a while and the fallback answers at
 * once; then one call tries it again (half-open), and a success closes the
 * circuit. An outage then costs a few milliseconds a request, not a timeout
 * each (docs/decisions/0021-dependency-failures.md).
 */
export type CircuitState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  /** Failures in a row that open the circuit. */
  threshold?: number;
  /** How long it stays open before one call tries again. */
  openMs?: number;
  /** Told when the circuit opens and when it closes again. */
  onChange?: (state: "open" | "closed", error?: unknown) => void;
  now?: () => number;
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trial = false;
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions = {}) {
    this.threshold = options.threshold ?? 3;
    this.openMs = options.openMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    if (this.openedAt === null) return "closed";
    return this.now() - this.openedAt >= this.openMs ? "half-open" : "open";
  }

  /** `work` while the circuit lets calls through, else (and when it fails) `fallback`. */
  async run<T>(work: () => Promise<T>, fallback: () => Promise<T> | T): Promise<T> {
    const state = this.state;
    // Open, or half-open with its one trial already under way: straight to the fallback.
    if (state === "open" || (state === "half-open" && this.trial)) return fallback();
    if (state === "half-open") this.trial = true;
    try {
      const value = await work();
      this.succeeded();
      return value;
    } catch (error) {
      this.failed(error);
      return fallback();
    } finally {
      if (state === "half-open") this.trial = false;
    }
  }

  private succeeded(): void {
    const wasOpen = this.openedAt !== null;
    this.failures = 0;
    this.openedAt = null;
    if (wasOpen) this.options.onChange?.("closed");
  }

  private failed(error: unknown): void {
    this.failures += 1;
    if (this.openedAt !== null) {
      // A failed trial: open for another period.
      this.openedAt = this.now();
      return;
    }
    if (this.failures >= this.threshold) {
      this.openedAt = this.now();
      this.options.onChange?.("open", error);
    }
  }
}
