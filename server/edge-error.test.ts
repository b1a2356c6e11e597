/**
 * The edge's own refusals in the path's shape (edge-error.ts): a target the
 * guard refuses before any route runs (a NUL, bad percent-encoding) is the
 * API's one JSON error on /api/*, Formspree's on /f/*, plain text on pages.
 * The running server's answers are tests/integration/http-edge.test.ts's.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { formErrorsSchema } from "../app/features/forms/form-api.server";
import { apiErrorSchema } from "../app/infra/http/api-error";
import { edgeError } from "./edge-error";
import { guardRequest } from "./request-guard";

const request = (url: string, method = "GET") => ({ method, url, httpVersion: "1.1", rawHeaders: ["Host", "localhost:3000"] }) as unknown as IncomingMessage;

function refusal(url: string) {
  const guard = guardRequest(request(url));
  if (guard.ok) throw new Error(`${url} was not refused`);
  return { status: guard.status, ...edgeError(url.split("?")[0]!, guard.message) };
}

describe("a target refused at the edge", () => {
  test("on the API: a JSON error in the API's one shape", () => {
    for (const url of ["/api/user/%00", "/api/user/a%00b?x=1", "/api/user/%ZZ", "/API/user/%00"]) {
      const answer = refusal(url);
      expect(answer.status, url).toBe(400);
      expect(answer.contentType, url).toBe("application/json; charset=utf-8");
      expect(apiErrorSchema.safeParse(JSON.parse(answer.body)).success, url).toBe(true);
    }
    expect(JSON.parse(refusal("/api/user/%00").body)).toEqual({ success: false, message: "The URL may not contain a NUL character." });
  });

  test("on the form service: Formspree's errors", () => {
    const answer = refusal("/f/contact%00");
    expect(answer.contentType).toBe("application/json; charset=utf-8");
    expect(formErrorsSchema.safeParse(JSON.parse(answer.body)).success).toBe(true);
  });

  test("on a page: plain text", () => {
    const answer = refusal("/profile/%00");
    expect(answer.contentType).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe("The URL may not contain a NUL character.\n");
  });

  test("any other answer of the edge on the API (413, 500, 503 while draining) is the same shape", () => {
    for (const message of ["Too large.", "Internal server error.", "This instance is shutting down; try again."]) {
      expect(apiErrorSchema.safeParse(JSON.parse(edgeError("/api/forms/contact", message).body)).success).toBe(true);
    }
    expect(edgeError("/apiary", "Not found").contentType).toBe("text/plain; charset=utf-8");
  });
});
