/**
 * One production server (`npm start`'s own entry, the current build) on a
 * fresh SQLite database for the audits; its address, database and secret are
 * handed to the tests (`inject`), so they can sign in by fixture.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../server/build.mjs";
import { startAppServer } from "../support/app-server.ts";
import { E2E_AUTH_SECRET, ports } from "../support/ports.ts";

declare module "vitest" {
  export interface ProvidedContext {
    audit: { url: string; database: string; authSecret: string };
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  ensureBuild(root, (msg) => console.log(msg));
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-audits-"));
  const database = path.join(dir, "app.db");
  const server = await startAppServer("audits", ports.audits, { DATABASE_URL: database, AUTH_SECRET: E2E_AUTH_SECRET, OPERATOR_EMAILS: "" });
  project.provide("audit", { url: server.url, database, authSecret: E2E_AUTH_SECRET });
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
