/**
 * The V8 flags the production server runs with (`npm start`, the Dockerfile,
 * the cluster and the test servers all pass these; tests/integration/deploy-files.test.ts
 * checks package.json and the Dockerfile say the same).
 *
 * Why: under the load of many visitors, V8's defaults let the young generation
 * grow to 3 × 16 MB and the old generation run far ahead of what is alive. A
 * profile after 3,000 uncached /profile renders (npm run bench's measurement,
 * docs/decisions/0018-many-visitors.md): 35 MB alive, 150 MB of heap, 285 MB
 * resident. With a 4 MB semi-space and a 256 MB old-space limit (which also
 * makes V8's heuristics collect sooner), 150 MB resident for ~8 % more CPU
 * per render. 256 MB is seven times what is alive: room for a burst, and a
 * bound where the default (~2 GB) would let a leak take the machine.
 */
export const NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=256"];

/**
 * The environment the production server runs with on Linux, beside the flags:
 * the Dockerfile's ENV (and a unit file's; docs/production.md). `npm start`
 * cannot set it portably; the test and bench servers (tests/support/app-server.ts,
 * scripts/lib/cluster.ts) run with it, so their memory figures are the
 * deployment's. Two malloc arenas instead of glibc's eight per core: the
 * threads that compress and hash no longer each keep freed memory of their
 * own (npm run bench, SQLite, 1,000 visitors, 2026-11-26: idle 123 → 99 MB,
 * after the mixed load 258 → 239 MB; same throughput).
 */
export const NODE_ENV_VARS = { MALLOC_ARENA_MAX: "2" };
