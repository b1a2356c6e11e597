/**
 * The production server as an operator meets it (server/start.mjs, what
 * `npm start` runs): it refuses a bad configuration at once, and on SIGTERM
 * lets in-flight requests finish before it closes the database and exits 0.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../server/build.mjs";

const root = path.resolve(import.meta.dirname, "../..");
/** Its servers' ports: 4890 and up, or beside the browser tests' own when E2E_PORT_BASE moves those (two runs on one machine). */
const PORT_BASE = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) + 790 : 4890;

/** `node server/start.mjs` with `env` over the test's own, its output collected; resolves once /api/health answers. */
async function startServer(port: number, env: Record<string, string>) {
  const server = {
    child: spawn(process.execPath, ["server/start.mjs"], { cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: "info", ...env } }),
    output: "",
  };
  server.child.stdout?.on("data", (d) => (server.output += d));
  server.child.stderr?.on("data", (d) => (server.output += d));
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${server.output}`);
}

// A fresh build first: `npm start` builds a stale one before it reads the configuration.
beforeAll(() => {
  ensureBuild(root, () => {});
}, 120_000);

describe("npm start", () => {
  it("exits at once with a clear message on a bad DATABASE_URL", () => {
    const started = Date.now();
    const result = spawnSync(process.execPath, ["server/start.mjs"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "mysql://x", PORT: String(PORT_BASE) },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: unsupported scheme "mysql"');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe("graceful shutdown", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-lifecycle-"));
  const port = PORT_BASE + 1;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer(port, { DATABASE_URL: path.join(dir, "app.db"), AUTH_SECRET: "l".repeat(40) });
  }, 90_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("finishes the requests under way on SIGTERM, then exits 0", async () => {
    // Twelve connections the server has accepted first (a health check each, kept alive): a
    // connection still in the kernel's backlog when the signal comes is not a request under way,
    // and on a busy machine 15 ms did not always see all twelve accepted.
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
    expect(await Promise.all(Array.from({ length: 12 }, () => get("/api/health")))).toEqual(Array(12).fill(200));
    // Server-rendered pages, all started before the signal.
    const inFlight = Array.from({ length: 12 }, () => get("/auth"));
    await new Promise((r) => setTimeout(r, 15));
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");

    expect(await Promise.all(inFlight)).toEqual(Array(12).fill(200));
    expect(await exited).toBe(0);
    expect(server.output).toContain("shutting down: finishing in-flight requests");
    expect(server.output).toContain('"msg":"stopped"');
    // New connections are refused once it has stopped.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it("logged one JSON line per request", () => {
    const lines = server.output.split("\n").filter((l) => l.includes('"msg":"request"'));
    expect(lines.length).toBeGreaterThanOrEqual(12);
    const line = JSON.parse(lines[0]!) as { req: { method: string; url: string }; res: { status: number }; ms: number };
    expect(line.req.method).toBe("GET");
    expect(line.res.status).toBe(200);
    expect(typeof line.ms).toBe("number");
  });
});

// The contract's "the button says clearly that it is not configured" is for the operator at their own
// machine (a loopback APP_URL, as above and in the outbox e2e project); a public site hides a provider
// it has no credentials for instead of showing its visitors an operator's to-do (issue 22).
describe("a public APP_URL without OAuth credentials", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-public-"));
  const port = PORT_BASE + 2;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer(port, {
      NODE_ENV: "production",
      APP_URL: "https://tuesday.example",
      DATABASE_URL: path.join(dir, "app.db"),
      AUTH_SECRET: "p".repeat(40),
      GITHUB_CLIENT_ID: "gh-id",
      GITHUB_CLIENT_SECRET: "gh-secret",
    });
  }, 90_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows the configured provider only, and tells the operator in the log", async () => {
    for (const mode of ["signin", "signup"]) {
      const html = await fetch(`http://127.0.0.1:${port}/auth?mode=${mode}`).then((r) => r.text());
      expect(html).toContain(`value="github"`);
      expect(html).not.toContain(`value="google"`);
      expect(html).not.toContain("Not configured on this server");
      // The "or" between the form and the other ways in: there is one here.
      expect(html).toMatch(OR_DIVIDER);
    }
    expect(server.output).toContain("Sign-in with google is not configured: its button is hidden on this public site.");
  });
});

/** The auth form's "or" line between the password form and the other ways in (auth-form.tsx): its text between two rules. */
const OR_DIVIDER = /<span class="h-px flex-1 bg-ink-200"><\/span>or<span class="h-px flex-1 bg-ink-200"><\/span>/;

describe("a public APP_URL with STATUS_URL set and no OAuth credentials at all", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-public-bare-"));
  const port = PORT_BASE + 3;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer(port, {
      NODE_ENV: "production",
      APP_URL: "https://tuesday.example",
      DATABASE_URL: path.join(dir, "app.db"),
      AUTH_SECRET: "s".repeat(40),
      STATUS_URL: "https://status.tuesday.example/",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      GITHUB_CLIENT_ID: "",
      GITHUB_CLIENT_SECRET: "",
    });
  }, 90_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("links the status page from the footer of a prerendered page, a server-rendered one and a Hindi one", async () => {
    for (const [pathname, label] of [
      ["/", "Status"],
      ["/pricing", "Status"],
      ["/auth", "Status"],
      ["/hi/about", "सेवा की स्थिति"],
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${pathname}`);
      expect(res.status, pathname).toBe(200);
      const html = await res.text();
      const footer = html.slice(html.lastIndexOf("<footer"), html.lastIndexOf("</footer>"));
      expect(footer, pathname).toMatch(new RegExp(`<li data-status-link=""><a href="https://status\\.tuesday\\.example/"[^>]*>${label}</a></li>`));
    }
  });

  it('shows neither a sign-in provider\'s button nor the "or" line before them, and tells the operator why', async () => {
    for (const mode of ["signin", "signup"]) {
      const html = await fetch(`http://127.0.0.1:${port}/auth?mode=${mode}`).then((r) => r.text());
      expect(html, mode).toContain('name="password"');
      expect(html, mode).not.toContain('name="provider"');
      expect(html, mode).not.toMatch(/Continue with (Google|GitHub)/);
      expect(html, mode).not.toContain("Not configured on this server");
      // Signing in, the passkey is the other way in: its "or" is in the page, its place kept, shown once its script runs.
      if (mode === "signup") expect(html, mode).not.toMatch(OR_DIVIDER);
      else expect(html, mode).toMatch(/<div class="invisible" aria-hidden="true" data-waits-for-passkey="">/);
    }
    expect(server.output).toContain("Sign-in with google and github is not configured: its button is hidden on this public site.");
  });
});
