/** Builds once before any part starts a server (as the reliability suite does). */
import { ensureBuild } from "../../server/build.mjs";
import { mode, root } from "./lib/fault-harness.ts";

export default function setup() {
  const pg = process.env.TEST_DATABASE_URL ? "SQLite and PostgreSQL" : "SQLite only (set TEST_DATABASE_URL for the PostgreSQL parts)";
  console.log(`[faults] ${mode} run, ${pg}`);
  ensureBuild(root, (msg) => console.log(msg));
}
