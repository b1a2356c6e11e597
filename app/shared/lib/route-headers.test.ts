import { describe, expect, it } from "vitest";
import { carryRetryAfter } from "./route-headers";

const call = (parts: { parent?: HeadersInit; loader?: HeadersInit; action?: HeadersInit; error?: HeadersInit }) =>
  new Headers(
    carryRetryAfter({
      parentHeaders: new Headers(parts.parent),
      loaderHeaders: new Headers(parts.loader),
      actionHeaders: new Headers(parts.action),
      errorHeaders: parts.error ? new Headers(parts.error) : undefined,
    }),
  );

describe("carryRetryAfter (a route's headers export)", () => {
  it("carries a refused action's Retry-After onto the page, keeping the parent's headers", () => {
    const headers = call({ parent: { "X-Parent": "1" }, action: { "Retry-After": "180", "X-Other": "dropped" } });
    expect(headers.get("Retry-After")).toBe("180");
    expect(headers.get("X-Parent")).toBe("1");
    expect(headers.get("X-Other")).toBeNull();
  });

  it("prefers the action's value to the loader's, and carries an error answer's", () => {
    expect(call({ loader: { "Retry-After": "30" }, action: { "Retry-After": "900" } }).get("Retry-After")).toBe("900");
    expect(call({ error: { "Retry-After": "60" } }).get("Retry-After")).toBe("60");
  });

  it("adds nothing when no answer asked the client to wait", () => {
    expect(call({ parent: { "Cache-Control": "no-store" } }).get("Retry-After")).toBeNull();
  });
});
