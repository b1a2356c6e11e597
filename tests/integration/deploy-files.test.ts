/**
 * The deployment files stay true: compose's nginx.conf is what deploy/nginx.ts
 * generates (the same configuration as `npm run cluster`), nginx accepts it,
 * and the Dockerfile copies files that exist.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeNginxConfig, nginxConfig } from "../../deploy/nginx";
import { findNginx } from "../../scripts/lib/cluster";
import { NODE_ENV_VARS, NODE_FLAGS } from "../../server/node-flags.mjs";

const root = path.resolve(import.meta.dirname, "../..");

describe("deployment files", () => {
  it("deploy/nginx.conf is the generated one (regenerate: npm run deploy:nginx)", () => {
    expect(readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")).toBe(composeNginxConfig());
  });

  it.runIf(findNginx())("nginx accepts the configuration", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nginx-test-"));
    try {
      const conf = path.join(dir, "nginx.conf");
      // The compose file's upstreams are container names; the same config with loopback ones.
      writeFileSync(
        conf,
        nginxConfig({
          listen: "127.0.0.1:4799",
          upstreams: ["127.0.0.1:4800", "127.0.0.1:4801"],
          prefix: dir,
          errorLog: path.join(dir, "e.log"),
          userRoot: process.getuid?.() === 0,
        }),
      );
      const result = spawnSync(findNginx()!, ["-t", "-p", dir, "-c", conf, "-e", path.join(dir, "e.log")], { encoding: "utf8" });
      expect(result.stderr).toContain("test is successful");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("npm start passes the server's V8 flags", () => {
    const start = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`node ${NODE_FLAGS.join(" ")} server/start.mjs`);
  });

  it("the Dockerfile copies files that exist", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    for (const match of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of match[1]!.split(/\s+/)) if (source !== ".") expect(existsSync(path.join(root, source)), source).toBe(true);
    }
    // The image runs the server with the same V8 flags as npm start (server/node-flags.mjs).
    expect(dockerfile).toContain(`CMD ["node", ${NODE_FLAGS.map((f) => `"${f}", `).join("")}"server/start.mjs"]`);
    // And in the environment the test and bench servers run with (server/node-flags.mjs).
    for (const [name, value] of Object.entries(NODE_ENV_VARS)) expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, "m"));
  });

  it("the Dockerfile's base image is pinned by digest", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    // Every stage starts from that image or from an earlier stage.
    for (const [, base] of dockerfile.matchAll(/^FROM (\S+)/gm)) expect(["${NODE_IMAGE}", "deps"]).toContain(base);
  });

  it("compose.yaml pins every image it pulls by digest", () => {
    const compose = readFileSync(path.join(root, "compose.yaml"), "utf8");
    const pulled = [...compose.matchAll(/^\s+image: (\S+)$/gm)].map(([, image]) => image!).filter((image) => !image.startsWith("tuesday-web:"));
    expect(pulled.map((image) => image.split(":")[0])).toEqual(["postgres", "redis", "nginx"]);
    for (const image of pulled) expect(image).toMatch(/^[a-z]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
  });
});
