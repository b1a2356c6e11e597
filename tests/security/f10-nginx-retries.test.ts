/**
 * Finding 10: nginx retried non-idempotent requests on `timeout`, so a POST
 * slower than the proxy timeout could be stored twice, on two instances. The
 * configuration nginx runs with (`npm run cluster`, and deploy/nginx.conf for
 * compose) now never passes a sent POST to another instance. Behind a real
 * nginx, tests/integration/cluster.test.ts stalls an instance and finds each
 * POST answered and stored once (the full `npm run test:security` runs it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeNginxConfig, nginxConfig } from "../../deploy/nginx.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("finding 10: nginx never retries a sent POST elsewhere", () => {
  it("no non_idempotent in proxy_next_upstream, in the generated and the committed configuration", () => {
    const configs = [
      nginxConfig({ listen: "127.0.0.1:8080", upstreams: ["127.0.0.1:8081"] }),
      composeNginxConfig(),
      readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"),
    ];
    for (const config of configs) {
      const directive = /proxy_next_upstream\s+([^;]*);/.exec(config)?.[1];
      expect(directive).toBe("error timeout http_502 http_503");
    }
    expect(readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")).toBe(composeNginxConfig());
  });
});
