/** /api/* that is no endpoint: a JSON 404 in the contract's error shape, never the HTML not-found page. */
import { expect, test } from "vitest";
import { callRoute } from "../../../tests/routes/route-kit";
import { action, loader } from "./not-found";

test("an unknown API path answers a JSON 404, to a GET and to a write", async () => {
  for (const answer of [await callRoute(loader, { path: "/api/nothing-here" }), await callRoute(action, { path: "/api/nothing-here", json: {} })]) {
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.data).toEqual({ success: false, message: "Not found." });
  }
});
