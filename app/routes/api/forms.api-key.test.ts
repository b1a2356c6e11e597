/**
 * With API_KEY set, only the user-record API asks for x-api-key (user.api-key.test.ts):
 * the forms and the probes stay open to anyone. Its own file: the configuration is read once per file.
 */
import { expect, test, vi } from "vitest";
import { callRoute } from "../../../tests/routes/route-kit";
import { action as formsAction } from "./forms";
import { loader as healthLoader } from "./health";

vi.stubEnv("API_KEY", "route-test-api-key-0123456789");

test("a message and the health probe need no API key", async () => {
  const sent = await callRoute(formsAction, {
    path: "/api/forms/contact",
    params: { kind: "contact" },
    json: { name: "Asha", email: "asha@example.com", message: "No key needed" },
  });
  expect(sent.status).toBe(200);
  expect(sent.data).toEqual({ ok: true });
  expect((await callRoute(healthLoader, { path: "/api/health" })).status).toBe(200);
});
