/** GET /api/ready (contract): 200 while the database answers and takes a write and the instance is not draining; else 503. */
import { expect, test } from "vitest";
import { markDraining } from "~/infra/lifecycle";
import { callRoute } from "../../../tests/routes/route-kit";
import { loader } from "./ready";

test("ready: the database answers and takes a write (no Redis configured, none reported)", async () => {
  const answer = await callRoute(loader, { path: "/api/ready" });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ status: "ready", checks: { database: "ok", writes: "ok" } });
  expect(answer.headers.get("cache-control")).toBe("no-store");
});

// Last: draining is for the rest of the process.
test("a draining instance (shutting down) is not ready: 503 that says why", async () => {
  markDraining();
  const answer = await callRoute(loader, { path: "/api/ready" });
  expect(answer.status).toBe(503);
  expect(answer.data).toEqual({ status: "unavailable", checks: { instance: "shutting down", database: "ok", writes: "ok" } });
});
