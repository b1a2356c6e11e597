import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { noteFailure } from "../app/infra/dependency-scope";
import { logDestination, logger } from "../app/infra/logger.server";
import { DependencyUnavailableError } from "../app/infra/db/unavailable";
import { withDependencyGuard } from "./dependency-guard";

const log = pino({ level: "silent" });
const request = (pathname: string, accept?: string, deadlineMs = 1_000) => ({ id: "t", method: "GET", pathname, accept, deadlineMs, log });
const databaseFailed = () => noteFailure({ dependency: "database", reason: "connection" });

describe("the edge's one mapping of dependency failures", () => {
  it.each([
    ["/api/user/x", 500],
    ["/api/user/x", 401],
    ["/api/auth/sign-up/email", 422],
    ["/profile.data", 500],
  ])("%s answered %i while the database failed: 503 with Retry-After, the contract's JSON", async (pathname, status) => {
    const res = await withDependencyGuard(request(pathname), async () => {
      databaseFailed();
      return new Response("Unexpected Server Error", { status });
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("15");
    expect(await res.json()).toEqual({ success: false, message: "We're having trouble right now. Your data is safe; please try again in a minute." });
  });

  it("keeps Formspree's shape on /f/:form and the CORS header a partner site needs", async () => {
    const res = await withDependencyGuard(request("/f/contact"), async () => {
      databaseFailed();
      return new Response("", { status: 500, headers: { "Access-Control-Allow-Origin": "https://partner.example" } });
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(await res.json()).toEqual({ errors: [{ message: expect.stringContaining("We're having trouble") }] });
  });

  it("a page gets a page", async () => {
    const res = await withDependencyGuard(request("/admin/mail", "text/html"), async () => {
      databaseFailed();
      return new Response(null, { status: 500 });
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("Your data is safe; please try again in a minute.");
  });

  it("the page names the request (X-Request-Id), escaped; a log line written meanwhile carries it", async () => {
    const written = vi.spyOn(logDestination, "write").mockReturnValue(true);
    try {
      const res = await withDependencyGuard({ ...request("/profile", "text/html"), id: "req-<b>&1234" }, async () => {
        databaseFailed();
        logger().warn("inside the request");
        return new Response(null, { status: 500 });
      });
      expect(await res.text()).toContain("Reference: req-&#60;b&#62;&#38;1234</p>");
      const line = written.mock.calls.map(([l]) => JSON.parse(l) as { msg: string; reqId?: string }).find((l) => l.msg === "inside the request");
      expect(line?.reqId).toBe("req-<b>&1234");
      logger().warn("outside any request");
      const outside = written.mock.calls.map(([l]) => JSON.parse(l) as { msg: string; reqId?: string }).find((l) => l.msg === "outside any request");
      expect(outside).toBeDefined();
      expect(outside!.reqId).toBeUndefined();
    } finally {
      written.mockRestore();
    }
  });

  it("leaves answers alone when nothing failed, and answers about the request itself (429, 413) even when it did", async () => {
    expect((await withDependencyGuard(request("/api/x"), async () => new Response(null, { status: 500 }))).status).toBe(500);
    expect((await withDependencyGuard(request("/api/x"), async () => new Response(null, { status: 401 }))).status).toBe(401);
    const limited = await withDependencyGuard(request("/api/x"), async () => {
      databaseFailed();
      return new Response(null, { status: 429 });
    });
    expect(limited.status).toBe(429);
    const fine = await withDependencyGuard(request("/api/x"), async () => {
      databaseFailed();
      return new Response("ok");
    });
    expect(fine.status).toBe(200);
  });

  it("adds Retry-After to a 503 the app made itself", async () => {
    const res = await withDependencyGuard(request("/api/forms/feedback"), async () => Response.json({ success: false, message: "x" }, { status: 503 }));
    expect(res.headers.get("retry-after")).toBe("15");
  });

  it("answers 503 at the deadline, and the abandoned work runs no further statement", async () => {
    let expiredSeen: boolean | undefined;
    const started = Date.now();
    const res = await withDependencyGuard(request("/api/forms/feedback", undefined, 200), async () => {
      const { currentScope } = await import("../app/infra/dependency-scope");
      await new Promise((r) => setTimeout(r, 400));
      expiredSeen = currentScope()?.expired;
      return new Response("late");
    });
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(350);
    await new Promise((r) => setTimeout(r, 300));
    expect(expiredSeen).toBe(true);
  });

  it("a thrown dependency failure is a 503 too", async () => {
    const res = await withDependencyGuard(request("/api/x"), async () => {
      throw new DependencyUnavailableError("database", "timeout");
    });
    expect(res.status).toBe(503);
  });
});
