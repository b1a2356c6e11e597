/**
 * The suite's knobs, all from the environment:
 *
 *   RELIABILITY=reduced       the reduced run (`npm test`); anything else: the full run
 *   RELIABILITY_SEED=<uint32> the PRNG seed (fuzzer requests, kill moments); default: a fresh one, printed
 *   RELIABILITY_PORT_BASE     first port of the suite's range (default 5100; it uses base … base+99)
 *   TEST_DATABASE_URL         also run every part on PostgreSQL (one schema per server)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../../..");
export const artifactsDir = path.join(root, "tests/.artifacts");

export const reduced = process.env.RELIABILITY === "reduced";
export const mode: "reduced" | "full" = reduced ? "reduced" : "full";

/** Figures that differ between the full and the reduced run. */
export const budget = reduced
  ? { fuzzRequests: 2_000, kills: 3, loadStraddleMs: [300, 1_200] as const }
  : { fuzzRequests: 10_000, kills: 10, loadStraddleMs: [300, 2_500] as const };

function pickSeed(): number {
  const given = process.env.RELIABILITY_SEED;
  if (given !== undefined && given !== "") {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`RELIABILITY_SEED must be an integer 0…4294967295, got ${given}`);
    return n;
  }
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}

/** One seed per process (each test file runs in its own fork; each prints its seed). */
export const seed = pickSeed();

const portBase = Number(process.env.RELIABILITY_PORT_BASE ?? 5100);

/** The ports of one part: the suite owns RELIABILITY_PORT_BASE … +99 (5100–5199 by default). */
export const PORTS = {
  fuzz: { sqlite: portBase + 10, postgres: portBase + 11, google: portBase + 12, github: portBase + 13 },
  crash: { sqlite: portBase + 20, postgres: portBase + 21 },
  ownership: { sqlite: portBase + 30, postgres: portBase + 31 },
  limits: { sqlite: portBase + 40, postgres: portBase + 41 },
  /** Self-checks of the suite's own detectors (fake servers). */
  selfCheck: portBase + 90,
} as const;

/** Writes tests/.artifacts/reliability-<part>.json. */
export function writeSummary(part: string, summary: unknown): string {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `reliability-${part}.json`);
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
