/**
 * Where log lines go: a file descriptor (stdout), written asynchronously and
 * in batches, with a bound on what may wait in memory.
 *
 * Why not pino's default (sonic-boom, asynchronous): it keeps one 16 KB write
 * in flight per turn of the event loop, so under load (5,000 requests a
 * second, a loop turn of ~20 ms) it fell behind a plain file, and what it had
 * not written grew without limit (35,000 lines, ~150 MB, in a 40 s bench).
 * Why not synchronous writes: a stalled reader of stdout (a full pipe, a
 * stuck log shipper) would then stall every request.
 *
 * Here one write is in flight at a time and carries every line that arrived
 * meanwhile, so a busy server writes few large chunks and a quiet one writes
 * each line at once. At most `maxBytes` wait; past that, lines are dropped
 * and counted, and the count is written as a warning once the reader keeps
 * up again. On exit whatever still waits is written synchronously; a
 * graceful stop first waits for `flushed()`.
 */
import fs from "node:fs";

export class LogDestination {
  private pending: string[] = [];
  private pendingBytes = 0;
  private inFlight: { chunk: Buffer; offset: number } | undefined;
  private dropped = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly fd: number,
    private readonly maxBytes = 8 * 1024 * 1024,
    /** The line to write after `count` lines were dropped (pino's format, written by the caller). */
    private readonly droppedLine: (count: number) => string = (count) =>
      `${JSON.stringify({ level: "warn", time: new Date().toISOString(), droppedLines: count, msg: "log lines dropped: the log reader did not keep up" })}\n`,
  ) {
    process.once("exit", () => this.flushSync());
  }

  /** pino calls this with each line (newline included). */
  write(line: string): boolean {
    if (this.pendingBytes + line.length > this.maxBytes) {
      this.dropped++;
      return false;
    }
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (!this.inFlight) this.writeNext();
    return true;
  }

  /** Resolves once everything accepted so far is written. */
  flushed(): Promise<void> {
    if (!this.inFlight && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Writes what waits, now (process exit). A chunk already handed to the
   * operating system is left to it: writing it again could duplicate it.
   */
  flushSync(): void {
    const rest = Buffer.from(this.pending.join(""));
    this.pending = [];
    this.pendingBytes = 0;
    let offset = 0;
    try {
      while (offset < rest.length) offset += fs.writeSync(this.fd, rest, offset);
    } catch {
      // Nothing more can be done for the logs of an exiting process.
    }
  }

  private writeNext(): void {
    if (this.dropped > 0 && this.pendingBytes < this.maxBytes / 2) {
      this.pending.push(this.droppedLine(this.dropped));
      this.dropped = 0;
    }
    if (this.pending.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    const chunk = Buffer.from(this.pending.length === 1 ? this.pending[0]! : this.pending.join(""));
    this.pending = [];
    this.pendingBytes = 0;
    this.inFlight = { chunk, offset: 0 };
    this.writeChunk();
  }

  private writeChunk(): void {
    const current = this.inFlight;
    if (!current) return;
    fs.write(this.fd, current.chunk, current.offset, current.chunk.length - current.offset, null, (error, written) => {
      if (error) {
        // A non-blocking pipe that is full: try again shortly. Anything else (the reader is gone): give the chunk up.
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          setTimeout(() => this.writeChunk(), 20).unref();
          return;
        }
        this.inFlight = undefined;
        this.writeNext();
        return;
      }
      current.offset += written;
      if (current.offset < current.chunk.length) {
        this.writeChunk();
        return;
      }
      this.inFlight = undefined;
      this.writeNext();
    });
  }
}
