/** GET /api/health (contract): liveness, 200 {"status":"ok"} while the database answers, never cached. */
import { expect, test } from "vitest";
import { callRoute } from "../../../tests/routes/route-kit";
import { loader } from "./health";

test("answers ok while the database does, never cached", async () => {
  const answer = await callRoute(loader, { path: "/api/health" });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ status: "ok" });
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("content-type")).toContain("application/json");
});
