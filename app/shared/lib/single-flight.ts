/**
 * One piece of work per key at a time: callers that ask for a key while its
 * work is running share that run's outcome instead of starting their own.
 *
 * Why: when a cached answer expires under load, every concurrent request for
 * it misses at the same moment and each would redo the same work (a session
 * read, a page render), which is what made the p99 of signed-in pages jump
 * every few seconds. With this, one request does the work and the others wait
 * for it. A failure is shared too, and nothing is remembered after the run.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = work().finally(() => {
      if (this.running.get(key) === started) this.running.delete(key);
    });
    this.running.set(key, started);
    return started;
  }

  /** The run in progress for `key`, if any. */
  inFlight(key: string): Promise<T> | undefined {
    return this.running.get(key);
  }

  get size(): number {
    return this.running.size;
  }
}
