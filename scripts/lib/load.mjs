/**
 * A closed-loop HTTP/1.1 load generator for `npm run bench`, run as its own
 * process: `node scripts/lib/load.mjs '<json plan>'` prints one JSON result.
 *
 * Why not wrk: on this project's 2-core machines wrk reported p99 latencies of
 * 0.5–1.3 s for a server that, measured on the server, answered every
 * connection within 96 ms of its previous answer (and `ab -k`, on the same
 * server, a p99 of 57 ms); see docs/decisions/0013-signed-in-requests.md. This
 * one measures with the monotonic clock what each request took, from the
 * write of its first byte to the last byte of its answer, and breaks the
 * figures down by request kind, which a mixed load needs.
 *
 * Each connection is kept alive and sends its next request as soon as the
 * previous answer is complete (like wrk: `connections` requests in flight).
 * Requests are taken in turn from `requests` (a shared counter, so a mix of
 * 20 kinds is 5% each). The first `warmupSeconds` are run but not counted,
 * on the same connections. A request without an answer in `timeoutMs` counts
 * as an error and its connection is replaced; so does a closed connection.
 *
 * With `spreadAddresses`, each request carries an `X-Forwarded-For` of a
 * random 10.x.y.z address (for a server started with TRUST_PROXY=1): many
 * visitors, so per-address rate limits do not turn a form mix into 429s.
 *
 * With `pick: "random"`, each request is a random one of `requests` (a
 * thousand visitors' cookies: whoever comes next), not the next in turn. A
 * `{n}` in a path becomes a number of its own per request: a URL that no
 * cache has seen. A plan too long for a command line is passed as `@file`.
 *
 * Plan: { host, port, connections, seconds, warmupSeconds?, timeoutMs?,
 *         spreadAddresses?, pick?, total?, requests: [{ label?, method, path, headers?, body? }] }
 * (`total`: stop after that many requests, however short of `seconds`; the
 * figures are then per the time it took.)
 *
 * With `journeys` (instead of `requests`: lists of requests), each connection
 * plays one visitor's sitting at a time, its requests in order, then a new
 * random journey: what a thousand visitors browsing make, where nothing is
 * asked twice in a row. Requests are labelled as usual.
 *
 * With `alternate: { requests, sliceMs? }`, a reference load (the prerendered
 * page) runs interleaved with this one on the same connections: slices of
 * `sliceMs` (1 s), this load's and the reference's in turn, `seconds` of each.
 * A shared machine's speed drifts by a third within minutes; slices a second
 * apart see the same machine, so the ratio of the two throughputs measures
 * the server, not the drift. With `cpuPid`, the server's CPU time (/proc,
 * read at every slice's end) is added up per kind of slice: `cpuMs`, and the
 * reference's under `reference`.
 * Result: { requests, seconds, rps, p50, p90, p99, max, errors, statuses,
 *           byLabel: { [label]: { requests, p50, p99, max, errors } } }
 */
import { readFileSync } from "node:fs";
import net from "node:net";

/** @param {number[]} sorted @param {number} q */
function percentile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/** @param {number[]} values */
function summary(values) {
  const sorted = Float64Array.from(values).sort();
  return { requests: sorted.length, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * Incremental parser of HTTP/1.1 responses on one connection.
 * `feed` returns the statuses of the answers completed by this chunk.
 */
class ResponseParser {
  constructor() {
    this.buffer = Buffer.alloc(0);
    this.reset();
  }

  reset() {
    this.status = 0;
    /** @type {"head" | "length" | "chunk-size" | "chunk-data" | "chunk-trailer"} */
    this.state = "head";
    this.remaining = 0;
    this.close = false;
  }

  /** @param {Buffer} chunk @param {boolean} headRequest */
  feed(chunk, headRequest) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    /** @type {Array<{ status: number, close: boolean }>} */
    const done = [];
    for (;;) {
      if (this.state === "head") {
        const end = this.buffer.indexOf("\r\n\r\n");
        if (end === -1) return done;
        const head = this.buffer.subarray(0, end).toString("latin1");
        this.buffer = this.buffer.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        const lower = head.toLowerCase();
        this.close = /\r\nconnection:\s*close/.test(lower);
        const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
        if (headRequest || this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)) {
          done.push({ status: this.status, close: this.close });
          this.reset();
        } else if (/\r\ntransfer-encoding:\s*chunked/.test(lower)) {
          this.state = "chunk-size";
        } else {
          this.state = "length";
          this.remaining = length ? Number(length[1]) : 0;
        }
        continue;
      }
      if (this.state === "length") {
        const take = Math.min(this.remaining, this.buffer.length);
        this.remaining -= take;
        this.buffer = this.buffer.subarray(take);
        if (this.remaining > 0) return done;
        done.push({ status: this.status, close: this.close });
        this.reset();
        continue;
      }
      if (this.state === "chunk-size" || this.state === "chunk-trailer") {
        const end = this.buffer.indexOf("\r\n");
        if (end === -1) return done;
        const line = this.buffer.subarray(0, end).toString("latin1");
        this.buffer = this.buffer.subarray(end + 2);
        if (this.state === "chunk-trailer") {
          if (line === "") {
            done.push({ status: this.status, close: this.close });
            this.reset();
          }
          continue;
        }
        const size = Number.parseInt(line, 16);
        if (size === 0) this.state = "chunk-trailer";
        else {
          this.state = "chunk-data";
          this.remaining = size + 2; // the data and its CRLF
        }
        continue;
      }
      // chunk-data
      const take = Math.min(this.remaining, this.buffer.length);
      this.remaining -= take;
      this.buffer = this.buffer.subarray(take);
      if (this.remaining > 0) return done;
      this.state = "chunk-size";
    }
  }
}

/** @param {any} plan */
export async function runLoad(plan) {
  const {
    host = "127.0.0.1",
    port,
    connections,
    seconds,
    warmupSeconds = 0,
    timeoutMs = 10_000,
    spreadAddresses = false,
    pick = "in-turn",
    total = Infinity,
  } = plan;
  const random = pick === "random";
  const prepare = (/** @type {any} */ r, /** @type {number} */ i) => {
    const body = r.body === undefined ? undefined : Buffer.from(r.body);
    const headers = { Host: `${host}:${port}`, ...(r.headers ?? {}) };
    if (body) headers["Content-Length"] = String(body.length);
    const line = Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\n`);
    const rest = Buffer.from(
      `${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join("\r\n")}\r\n\r\n`,
    );
    // "{n}" in a path becomes a number of its own per request (a URL no cache has seen).
    const unique = r.path.includes("{n}") ? r.path : undefined;
    return {
      label: r.label ?? `${r.method} ${r.path} #${i}`,
      line,
      unique,
      method: r.method,
      rest: body ? Buffer.concat([rest, body]) : rest,
      head: r.method === "HEAD",
    };
  };
  /** @type {Array<Array<ReturnType<typeof prepare>>> | undefined} */
  const journeys = plan.journeys?.map((/** @type {any[]} */ steps, /** @type {number} */ j) => steps.map((r, i) => prepare(r, j * 100 + i)));
  const requests = journeys ? journeys.flat() : plan.requests.map(prepare);
  // The reference load, interleaved (see the header): its own requests, latencies and CPU.
  const reference = plan.alternate ? plan.alternate.requests.map(prepare) : undefined;
  const sliceMs = plan.alternate?.sliceMs ?? 1000;

  const started = performance.now();
  const measureFrom = started + warmupSeconds * 1000;
  // Interleaved, the reference gets as many seconds as the load itself.
  const stopAt = measureFrom + seconds * 1000 * (reference ? 2 : 1);
  /** @type {Map<string, number[]>} */
  const latencies = new Map(requests.map((r) => [r.label, []]));
  /** @type {Map<string, number>} */
  const errorsBy = new Map(requests.map((r) => [r.label, 0]));
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {number[]} */
  const referenceLatencies = [];
  let referenceErrors = 0;
  let next = 0;
  let uniques = 0;
  let sent = 0;
  /** Whether a request sent at `t` belongs to the reference: every other slice, counted from the measured start. */
  const inReference = (/** @type {number} */ t) => reference !== undefined && ((Math.floor((t - measureFrom) / sliceMs) % 2) + 2) % 2 === 1;

  const count = (
    /** @type {{ label: string, reference?: boolean }} */ request,
    /** @type {number} */ at,
    /** @type {number} */ ms,
    /** @type {number | string} */ status,
  ) => {
    if (at < measureFrom || at > stopAt) return;
    const failed = typeof status !== "number" || status >= 400;
    if (request.reference) {
      referenceLatencies.push(ms);
      if (failed) referenceErrors++;
      return;
    }
    latencies.get(request.label).push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (failed) errorsBy.set(request.label, errorsBy.get(request.label) + 1);
  };

  // The server's CPU time (user + system, all threads, /proc) in each kind of slice, read at every slice's end.
  const cpu = { load: 0, reference: 0 };
  const ticks = () => {
    const fields = readFileSync(`/proc/${plan.cpuPid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  /** @type {Promise<void>} */
  let cpuRead = Promise.resolve();
  // Not for a load stopped by `total`: it ends when it ends, not at a slice's end.
  if (plan.cpuPid && !Number.isFinite(total)) {
    // Boundaries at the measured start and after every slice (one slice: the whole load, without a reference).
    const step = reference ? sliceMs : seconds * 1000;
    const slices = reference ? (2 * seconds * 1000) / sliceMs : 1;
    let boundary = 0;
    let last = 0;
    cpuRead = new Promise((done) => {
      const tick = () => {
        const now = ticks();
        // The slice that just ended: slice `boundary - 1`, the reference's when odd.
        if (boundary > 0) cpu[reference && (boundary - 1) % 2 === 1 ? "reference" : "load"] += now - last;
        last = now;
        if (boundary++ < slices) setTimeout(tick, Math.max(0, measureFrom + boundary * step - performance.now()));
        else done();
      };
      setTimeout(tick, Math.max(0, measureFrom - performance.now()));
    });
  }

  /** One keep-alive connection: request, answer, next request, until the end. */
  const connection = () =>
    new Promise((resolve) => {
      let socket;
      let parser;
      let current;
      /** With journeys: the sitting this connection plays, and its next step. */
      let journey;
      let step = 0;
      let sentAt = 0;
      let timer;
      const open = () => {
        parser = new ResponseParser();
        socket = net.connect(port, host);
        socket.setNoDelay(true);
        socket.on("connect", send);
        socket.on("data", onData);
        socket.on("error", () => {});
        socket.on("close", onClose);
      };
      const send = () => {
        if (performance.now() >= stopAt || sent >= total) {
          socket.off("close", onClose);
          socket.destroy();
          resolve(undefined);
          return;
        }
        sent++;
        sentAt = performance.now();
        const from = reference && inReference(sentAt) ? reference : requests;
        if (from !== reference && journeys) {
          if (!journey || step >= journey.length) {
            journey = journeys[Math.floor(Math.random() * journeys.length)];
            step = 0;
          }
          current = journey[step++];
        } else current = random ? from[Math.floor(Math.random() * from.length)] : from[next++ % from.length];
        if (from === reference) current = { ...current, reference: true };
        timer = setTimeout(() => {
          count(current, sentAt, timeoutMs, "timeout");
          current = undefined;
          socket.off("close", onClose);
          socket.destroy();
          open();
        }, timeoutMs);
        const line = current.unique ? Buffer.from(`${current.method} ${current.unique.replaceAll("{n}", String(++uniques))} HTTP/1.1\r\n`) : current.line;
        if (spreadAddresses) {
          const octet = () => Math.floor(Math.random() * 254) + 1;
          socket.write(Buffer.concat([line, Buffer.from(`X-Forwarded-For: 10.${octet()}.${octet()}.${octet()}\r\n`), current.rest]));
        } else socket.write(Buffer.concat([line, current.rest]));
      };
      const onData = (/** @type {Buffer} */ chunk) => {
        if (!current) return;
        const done = parser.feed(chunk, current.head);
        if (done.length === 0) return;
        clearTimeout(timer);
        const now = performance.now();
        count(current, sentAt, now - sentAt, done[0].status);
        current = undefined;
        if (done[0].close) {
          socket.off("close", onClose);
          socket.destroy();
          open();
        } else send();
      };
      const onClose = () => {
        clearTimeout(timer);
        if (current) count(current, sentAt, performance.now() - sentAt, "closed");
        current = undefined;
        if (performance.now() >= stopAt || sent >= total) resolve(undefined);
        else setTimeout(open, 10);
      };
      open();
    });

  await Promise.all(Array.from({ length: connections }, connection));
  await cpuRead;

  const all = [...latencies.values()].flat();
  const byLabel = Object.fromEntries([...latencies].map(([label, values]) => [label, { ...summary(values), errors: errorsBy.get(label) }]));
  const overall = summary(all);
  const errors = [...errorsBy.values()].reduce((a, b) => a + b, 0);
  const took = Number.isFinite(total) ? Math.max(0.001, (Math.min(performance.now(), stopAt) - measureFrom) / 1000) : seconds;
  const result = { ...overall, seconds: took, rps: overall.requests / took, errors, statuses, byLabel, ...(plan.cpuPid ? { cpuMs: cpu.load } : {}) };
  if (!reference) return result;
  const ref = summary(referenceLatencies);
  return { ...result, reference: { ...ref, rps: ref.requests / seconds, errors: referenceErrors, cpuMs: cpu.reference } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // A plan too long for a command line (a thousand visitors' cookies) comes as "@file".
  const arg = process.argv[2] ?? "";
  const result = await runLoad(JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
