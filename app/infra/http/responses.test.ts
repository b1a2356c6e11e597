import { describe, expect, it } from "vitest";
import { tooManyRequests, waitMessage } from "./responses";

describe("tooManyRequests", () => {
  it("answers 429 with Retry-After and a clear message", async () => {
    const res = tooManyRequests({ allowed: false, retryAfterS: 125 });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("125");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ success: false, message: "Too many attempts. Please wait 3 minutes and try again." });
  });

  it("says seconds for short waits", () => {
    expect(waitMessage(42)).toBe("Too many attempts. Please wait 42 seconds and try again.");
  });
});
