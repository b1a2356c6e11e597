/**
 * What the production HTTP server itself adds to the routes' answers
 * (server/http.ts, what `npm start` runs): security headers on every page,
 * hashed assets cached for good and served compressed, prerendered crawler
 * files on the configured public origin, JSON and HTML 404s, CORS preflights
 * of /f/:form, methods refused at the edge. The routes' own answers are their
 * route tests' (app/routes/**).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "~/config/env.server";
import { formInput, saveForm } from "~/features/forms/form-registry.server";
import { openDatabase } from "~/infra/db/database.server";
import { errors } from "~/shared/i18n/catalog/errors";
import { hi } from "~/shared/i18n/messages.hi";
import { ensureBuild } from "../../server/build.mjs";
import { type AppServer, startAppServer } from "../support/app-server";

const root = path.resolve(import.meta.dirname, "../..");
const PARTNER = "https://partner.example";

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A request `fetch` cannot make (TRACE): its status and headers. */
function rawRequest(port: number, method: string, target: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: target, headers: { connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "tuesday-edge-"));
const dbFile = path.join(dir, "app.db");
let server: AppServer;
let port: number;

beforeAll(async () => {
  // A fresh build first, as server-lifecycle.test.ts does: `npm start` builds a stale one before it starts.
  ensureBuild(root, () => {});
  port = await freePort();
  server = await startAppServer("http-edge", port, { DATABASE_URL: dbFile, AUTH_SECRET: "edge-test-secret-edge-test-secret-0123" });
  // A form of the form service that one other site may post to (the server's own database, as the console writes it).
  const database = openDatabase(parseDatabaseUrl(dbFile, root));
  const input = formInput.parse({
    key: "partner-form",
    name: "Partner",
    notifyEmail: "",
    enabled: true,
    allowedOrigins: PARTNER,
    fieldRules: "",
    webhookUrl: "",
    autoreplySubject: "",
    autoreplyBody: "",
  });
  expect(await saveForm(database.db, input, "create")).toEqual({ ok: true, created: true });
  await database.close();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("pages", () => {
  it("carry the security headers: a prerendered page, a server-rendered one and the not-found page", async () => {
    for (const [pathname, status] of [
      ["/", 200],
      ["/auth", 200],
      ["/no-such-page", 404],
    ] as const) {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.status, pathname).toBe(status);
      expect(res.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, pathname).toContain("frame-ancestors 'none'");
      expect(csp, pathname).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(csp, pathname).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it("put the route overlay before their content, so a page arriving from a press shows it from its first paint", async () => {
    for (const pathname of ["/", "/about", "/auth", "/no-such-page"]) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      const overlay = html.indexOf("data-route-overlay");
      expect(overlay, pathname).toBeGreaterThan(html.indexOf("<body"));
      expect(overlay, pathname).toBeLessThan(html.indexOf("<header"));
    }
  });

  it("an unknown API path is a JSON 404 whose policy allows nothing", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await res.json()).toEqual({ success: false, message: "Not found." });
  });

  it("are compressed for a client that takes it", async () => {
    const res = await fetch(`${server.url}/auth`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("hashed assets", () => {
  it("are immutable and served compressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    // A module the page loads (its preloads are in the bootstrap script since ADR 0019).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("crawler files (prerendered at build)", () => {
  it("name the configured public origin, not the build's", async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>${server.url}/pricing</loc>`);
    expect(await (await fetch(`${server.url}/.well-known/security.txt`)).text()).toContain(`Canonical: ${server.url}/.well-known/security.txt`);
    const rss = await fetch(`${server.url}/blog/rss.xml`);
    expect(rss.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    expect(await rss.text()).toContain(`<link>${server.url}/blog</link>`);
  });
});

describe("CORS preflight of /f/:form", () => {
  it("grants the sites a form allows, and nobody else", async () => {
    const allowed = await fetch(`${server.url}/f/partner-form`, { method: "OPTIONS", headers: { origin: PARTNER, "access-control-request-method": "POST" } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("Content-Type");

    for (const [form, origin] of [
      ["partner-form", "https://elsewhere.example"],
      ["contact", PARTNER],
    ] as [string, string][]) {
      const refused = await fetch(`${server.url}/f/${form}`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
      expect(refused.status).toBe(204);
      expect(refused.headers.get("access-control-allow-origin"), `${form} from ${origin}`).toBeNull();
      expect(refused.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

  it("an allowed site's post reads the answer; another path's OPTIONS is the plain 204", async () => {
    const posted = await fetch(`${server.url}/f/partner-form`, {
      method: "POST",
      headers: { origin: PARTNER, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "From the partner" }),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("access-control-allow-origin")).toBe(PARTNER);
    const plain = await fetch(`${server.url}/pricing`, { method: "OPTIONS" });
    expect(plain.status).toBe(204);
    expect(plain.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });
});

describe("methods", () => {
  it("TRACE is refused at the edge with 405 and the methods there are; an unknown one is a 501", async () => {
    const trace = await rawRequest(port, "TRACE", "/");
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect((await rawRequest(port, "PROPFIND", "/")).status).toBe(501);
  });

  it("every answer names its request (X-Request-Id); a client's own id is not taken from an untrusted peer", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = new Set<string>();
    for (const target of ["/", "/profile", "/api/no-such-thing", "/api/user/%00", "/favicon.svg", "/api/health"]) {
      const res = await fetch(`${server.url}${target}`, { headers: { "x-request-id": "chosen-by-the-client-0001" } });
      const id = res.headers.get("x-request-id") ?? "";
      expect(id, target).toMatch(uuid);
      ids.add(id);
      await res.arrayBuffer();
    }
    expect(ids.size).toBe(6);
  });

  it("a target the edge refuses before routing is JSON on the API, text elsewhere", async () => {
    for (const [target, message] of [
      ["/api/user/%00", "The URL may not contain a NUL character."],
      ["/api/user/a%00b?x=1", "The URL may not contain a NUL character."],
      ["/api/user/%ZZ", "The URL's path is not valid percent-encoding."],
    ]) {
      for (const method of ["GET", "DELETE"]) {
        const res = await fetch(`${server.url}${target}`, { method });
        expect(res.status, `${method} ${target}`).toBe(400);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await res.json()).toEqual({ success: false, message });
      }
    }
    const page = await fetch(`${server.url}/profile/%00`);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("a write from another origin is refused before any route runs", async () => {
    const res = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });

  it("a write whose Origin is no URL is refused as another origin's, at the edge, not by React Router's bare 400", async () => {
    for (const [path, type] of [
      ["/feedback", "text/plain; charset=utf-8"],
      ["/api/auth/sign-out", "application/json; charset=utf-8"],
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { origin: `http://localhost:${port}.evil.example`, "content-type": "application/x-www-form-urlencoded" },
        body: "name=Asha&email=asha@example.com&message=Hello",
      });
      expect({ path, status: res.status, type: res.headers.get("content-type") }).toEqual({ path, status: 403, type });
      expect(await res.text()).toContain("Cross-origin request refused.");
    }
  });

  it("what a client sent and Better Auth refuses is logged as a warning, not an error", async () => {
    const logFile = path.join(import.meta.dirname, "../.artifacts/server-http-edge.log");
    const before = readFileSync(logFile, "utf8").length;
    for (const [request, status] of [
      [`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("https://evil.example/landing")}`, 403],
      // A provider's callback with a state nobody holds (opened twice, or forged), and with none at all.
      ["/api/auth/callback/github?state=stale&code=x", 302],
      ["/api/auth/callback/github", 302],
    ] as const) {
      expect((await fetch(`${server.url}${request}`, { redirect: "manual" })).status, request).toBe(status);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the log lines' way to the file
    const lines = readFileSync(logFile, "utf8").slice(before).split("\n").filter(Boolean);
    const refusals = lines.map((line) => JSON.parse(line) as { level: string; source?: string; msg: string }).filter((l) => l.source === "better-auth");
    expect(refusals.map((l) => l.msg)).toEqual(expect.arrayContaining(["Invalid callbackURL: https://evil.example/landing"]));
    expect(refusals.filter((l) => l.level === "error").map((l) => l.msg)).toEqual([]);
  });

  it("a page's form posted from another site gets the refusal page; from the server's loopback twin, the form's answer", async () => {
    const post = (origin: string) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "name=Asha&email=not-an-address&message=Hello",
        redirect: "manual",
      });
    const foreign = await post("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await foreign.text()).toContain("That request was not accepted.");
    // APP_URL is http://localhost:PORT; a visitor who opened http://127.0.0.1:PORT posts from there.
    const twin = await post(`http://127.0.0.1:${port}`);
    expect(twin.status).toBe(422);
    expect(await twin.text()).toContain("contact");
  });

  it("the refusal page of a Hindi page is in Hindi, its shell included", async () => {
    const res = await fetch(`${server.url}/hi/contact`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "name=Asha&email=asha@example.com&message=Hello",
    });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('lang="hi"');
    expect(html).toContain(hi.errors.refused);
    expect(html).toContain(hi.nav.home);
    // The page script's words for a window error, on <html> (root.tsx's Layout).
    expect(html).toContain(`data-error-notice="${hi.errors.errorLoadingPage}"`);
    expect(html).not.toContain(errors.refused);
  });
});
