/**
 * Builds once (when missing or stale), then starts the suite's shared
 * production servers: SQLite always, PostgreSQL + Redis when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set (full run only), each with TRUST_PROXY=1 (the
 * tests' clients name themselves in X-Forwarded-For from loopback, as behind
 * one nginx), mail to the local outbox, a verified operator, an operator
 * address nobody has signed up with yet, and Google and GitHub through the
 * local stand-ins (tests/support/oauth-servers.ts) with their real protocols.
 */
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../server/build.mjs";
import { createDb, createVerifiedUser, type Server, startServer, type TestDb } from "../reliability/lib/harness.ts";
import { PORTS, reduced, type Target } from "./lib/suite.ts";
import { root } from "../reliability/lib/config.ts";
import { oauthEnv, startOAuthServers } from "../support/oauth-servers.ts";

export default async function setup(project: TestProject) {
  const pgAndRedis = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) && !reduced;
  console.log(`[security] ${reduced ? "reduced" : "full"} run, ${pgAndRedis ? "SQLite and PostgreSQL + Redis" : "SQLite only"}`);
  ensureBuild(root, (msg) => console.log(msg));

  const started: Array<{ server: Server; db: TestDb }> = [];
  const targets: Target[] = [];
  const operatorEmail = `security-ops-${randomBytes(3).toString("hex")}@example.test`;
  const oauth = await startOAuthServers(PORTS.google, PORTS.github);
  const stopAll = async () => {
    await Promise.all(started.map(async ({ server, db }) => (await server.stop(), await db.drop())));
    await oauth.stop();
  };
  try {
    for (const kind of pgAndRedis ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)) {
      const db = await createDb(kind, `security-${kind}`);
      // Listed as an operator before anyone signed up with it (finding 38.1): only its verified owner may become one.
      const unclaimedOperator = `security-ops-${kind}-new-${randomBytes(3).toString("hex")}@example.test`;
      const server = await startServer(`security-${kind}`, kind === "sqlite" ? PORTS.sqlite : PORTS.postgres, db, {
        OPERATOR_EMAILS: `${operatorEmail},${unclaimedOperator}`,
        ...oauthEnv(oauth),
        ...(kind === "postgres" ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
      });
      started.push({ server, db });
      const operator = await createVerifiedUser(server, { email: operatorEmail, name: "Security Operator" });
      targets.push({
        kind,
        url: server.url,
        origin: server.origin,
        databaseUrl: db.url,
        operator: { email: operator.email, password: operator.password },
        unclaimedOperator,
        oauthControl: oauth.controlUrl,
      });
    }
    project.provide("securityTargets", targets);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return stopAll;
}
