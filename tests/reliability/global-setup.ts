/**
 * Builds once (when the build is missing or stale) before any part starts a
 * server, so that no server start builds on its own and parts do not race.
 */
import { ensureBuild } from "../../server/build.mjs";
import { mode, root } from "./lib/config.ts";

export default function setup() {
  console.log(`[reliability] ${mode} run${process.env.TEST_DATABASE_URL ? ", SQLite and PostgreSQL" : ", SQLite only (set TEST_DATABASE_URL for PostgreSQL)"}`);
  ensureBuild(root, (msg) => console.log(msg));
}
