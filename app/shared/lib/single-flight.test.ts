import { describe, expect, it } from "vitest";
import { SingleFlight } from "./single-flight";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("SingleFlight", () => {
  it("runs the work once for callers that overlap, and shares its result", async () => {
    const flight = new SingleFlight<number>();
    const gate = deferred<number>();
    let runs = 0;
    const work = () => (runs++, gate.promise);
    const answers = [flight.run("k", work), flight.run("k", work), flight.run("k", work)];
    expect(flight.size).toBe(1);
    gate.resolve(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
    expect(runs).toBe(1);
  });

  it("keeps keys apart and forgets a run once it is over", async () => {
    const flight = new SingleFlight<string>();
    let runs = 0;
    const work = (v: string) => async () => (runs++, v);
    expect(await Promise.all([flight.run("a", work("A")), flight.run("b", work("B"))])).toEqual(["A", "B"]);
    expect(flight.size).toBe(0);
    expect(await flight.run("a", work("A2"))).toBe("A2");
    expect(runs).toBe(3);
  });

  it("shares a failure with the callers that waited, then lets the next caller try again", async () => {
    const flight = new SingleFlight<number>();
    const gate = deferred<number>();
    const first = flight.run("k", () => gate.promise);
    const second = flight.run("k", async () => 1);
    gate.reject(new Error("down"));
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(flight.inFlight("k")).toBeUndefined();
    expect(await flight.run("k", async () => 2)).toBe(2);
  });
});
