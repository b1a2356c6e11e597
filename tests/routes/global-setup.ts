/**
 * One place per run for the route tests' databases, removed when the run
 * ends: each worker's SQLite file lives under a directory made here, and
 * each PostgreSQL schema is named after this run. A worker cannot clean up
 * after itself (Vitest ends its process without `beforeExit`), and before
 * this every run left its files in the temporary directory and its schemas
 * in the test database.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory the workers' SQLite files go under. */
    routeTestRoot: string;
    /** The prefix of the workers' PostgreSQL schemas. */
    routeTestSchemaPrefix: string;
  }
}

export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), "route-test-"));
  const prefix = `r_${randomBytes(4).toString("hex")}_`;
  project.provide("routeTestRoot", root);
  project.provide("routeTestSchemaPrefix", prefix);
  const base = project.config.env?.ROUTE_TEST_DATABASE_URL;

  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (!base) return;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where starts_with(nspname, $1)", [prefix]);
      for (const { name } of rows) await client.query(`drop schema if exists ${client.escapeIdentifier(name)} cascade`);
    } finally {
      await client.end();
    }
  };
}
