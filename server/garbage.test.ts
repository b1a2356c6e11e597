import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { collectGarbage, collectWhenQuiet } from "./garbage";

/** A WeakRef to something nothing else holds, after the job that made it has ended (until then it is kept alive). */
async function garbage(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ left: new Array(10_000).fill("behind") });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return ref;
}

describe("collectGarbage", () => {
  it("collects what is no longer reachable, without leaving gc exposed", async () => {
    const ref = await garbage();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});

describe("collectWhenQuiet", () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("collects once requests have stopped for the quiet time: not before any request, not while they come, not twice", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let collections = 0;
    const stop = collectWhenQuiet(server, { quietMs: 300, collect: () => collections++ });
    try {
      const { port } = server.address() as { port: number };
      await wait(500);
      expect(collections).toBe(0);

      // A request every 100 ms for a second: never quiet for 300 ms.
      for (let i = 0; i < 10; i++) {
        await (await fetch(`http://127.0.0.1:${port}/`)).text();
        await wait(100);
      }
      expect(collections).toBe(0);

      await wait(600);
      expect(collections).toBe(1);
      await wait(600);
      expect(collections).toBe(1);
    } finally {
      stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
