import { describe, expect, it } from "vitest";
import { collectStartupGarbage } from "./startup-garbage";

describe("collectStartupGarbage", () => {
  it("collects what is no longer reachable, without leaving gc exposed", async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ startup: new Array(10_000).fill("garbage") });
    })();
    // A WeakRef's target is kept alive until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectStartupGarbage();
    expect(ref!.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
