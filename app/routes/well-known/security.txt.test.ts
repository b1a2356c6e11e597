/** /.well-known/security.txt (RFC 9116): a contact, a canonical address and an expiry within a year. */
import { expect, test } from "vitest";
import { callRoute } from "../../../tests/routes/route-kit";
import { loader } from "./security.txt";

test("has RFC 9116's fields and an expiry between 300 days and a year away", async () => {
  const answer = await callRoute<string>(loader, { path: "/.well-known/security.txt" });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  const fields = new Map(
    answer.data
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const),
  );
  expect(fields.get("Contact")).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
  expect(fields.get("Canonical")).toBe("http://localhost:3000/.well-known/security.txt");
  expect(fields.get("Preferred-Languages")).toBe("en, hi");
  expect(fields.get("Expires")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const left = Date.parse(fields.get("Expires")!) - Date.now();
  expect(left).toBeGreaterThan(300 * 86_400_000);
  expect(left).toBeLessThanOrEqual(366 * 86_400_000);
});
