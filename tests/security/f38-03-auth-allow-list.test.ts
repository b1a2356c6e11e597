/**
 * Issue 38, finding 3 (Medium): `/api/auth/verify-password` was served over
 * HTTP (Better Auth's `scope: "server"` is only metadata): a password oracle
 * for any session, unlimited, a scrypt hash per call. Now only the reviewed
 * endpoints of features/auth/public-endpoints.ts answer from outside. This
 * walks every path Better Auth and our plugins define, asked by a signed-in
 * browser with GET and POST, and compares what answers with that list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAuthAccess } from "../../app/features/auth/public-endpoints.ts";
import { call, createVerifiedUser, signIn, type SignedIn } from "../reliability/lib/harness.ts";
import { openTestServices, type TestServices } from "../support/test-services.ts";
import { asServer, targets } from "./lib/suite.ts";

let services: TestServices;
/** Every endpoint path the auth instance defines (its `auth.api`), `:params` filled in. */
let paths: string[];

beforeAll(async () => {
  // The same options as the servers' (Google and GitHub on), to list what Better Auth and our plugins define.
  services = await openTestServices({ GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "x", GITHUB_CLIENT_ID: "x", GITHUB_CLIENT_SECRET: "x" });
  const defined = Object.values(services.auth.api as Record<string, { path?: string }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === "string");
  paths = [...new Set(defined)].map((path) => path.replace(/:[A-Za-z]+/g, "google")).sort();
});
afterAll(async () => services?.close());

describe.each(targets())("finding 38.3 on $kind: only the reviewed endpoints answer", (target) => {
  const server = asServer(target);
  let viewer: SignedIn;
  beforeAll(async () => {
    viewer = await signIn(server, await createVerifiedUser(server));
  });

  it("walks every endpoint: nothing answers but the list, and the list's own answer", async () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain("/verify-password");
    const unexpected: string[] = [];
    for (const path of paths) {
      for (const method of ["GET", "POST"]) {
        const res = await call(server, method, `/api/auth${path}`, method === "POST" ? {} : undefined, { cookie: viewer.cookie });
        const access = publicAuthAccess(method, path);
        if (access === "closed" && res.status !== 404) unexpected.push(`${method} ${path} answered ${res.status}`);
        if (access === "wrong-method" && res.status !== 405) unexpected.push(`${method} ${path} answered ${res.status}, not 405`);
        if (access === "open" && (res.status === 404 || res.status === 405) && !path.startsWith("/reset-password/") && !path.startsWith("/callback/"))
          unexpected.push(`${method} ${path} is listed but answered ${res.status}`);
        if (res.status >= 500) unexpected.push(`${method} ${path} answered ${res.status}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("verify-password is no oracle: 404 for a signed-in browser, the right password included, in any spelling", async () => {
    for (const path of ["/verify-password", "/verify-password/", "//verify-password", "/verify%2Dpassword", "/./verify-password", "/x/../verify-password"]) {
      const res = await call(server, "POST", `/api/auth${path}`, { password: viewer.password }, { cookie: viewer.cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
    }
  });

  it("the provider tokens' endpoints are closed too (finding 16)", async () => {
    for (const path of ["/get-access-token", "/refresh-token", "/account-info"]) {
      const res = await call(server, "POST", `/api/auth${path}`, { providerId: "github" }, { cookie: viewer.cookie });
      expect(res.status, path).toBe(404);
    }
  });
});
