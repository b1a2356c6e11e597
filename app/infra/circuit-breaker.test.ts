import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "./circuit-breaker";

describe("the circuit breaker in front of Redis", () => {
  it("opens after three failures in a row, answers from the fallback without calling, and closes after a good trial", async () => {
    let now = 0;
    const changes: string[] = [];
    const breaker = new CircuitBreaker({ threshold: 3, openMs: 5_000, now: () => now, onChange: (state) => changes.push(state) });
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("ECONNREFUSED");
    };
    for (let i = 0; i < 3; i++) expect(await breaker.run(failing, () => "local")).toBe("local");
    expect(breaker.state).toBe("open");
    expect(changes).toEqual(["open"]);
    expect(await breaker.run(failing, () => "local")).toBe("local");
    expect(calls).toBe(3); // open: not asked at all

    now += 5_000;
    expect(breaker.state).toBe("half-open");
    expect(await breaker.run(failing, () => "local")).toBe("local");
    expect(calls).toBe(4); // one trial, failed: open again
    expect(breaker.state).toBe("open");

    now += 5_000;
    expect(
      await breaker.run(
        async () => "redis",
        () => "local",
      ),
    ).toBe("redis");
    expect(breaker.state).toBe("closed");
    expect(changes).toEqual(["open", "closed"]);
  });

  it("lets one trial through while half-open; the others take the fallback", async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ threshold: 1, openMs: 1_000, now: () => now });
    await breaker.run(
      async () => Promise.reject(new Error("down")),
      () => 0,
    );
    now += 1_000;
    let release!: () => void;
    const trial = breaker.run(
      () => new Promise<string>((resolve) => (release = () => resolve("redis"))),
      () => "local",
    );
    expect(
      await breaker.run(
        async () => "second",
        () => "local",
      ),
    ).toBe("local");
    release();
    expect(await trial).toBe("redis");
  });
});
