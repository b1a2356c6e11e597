/**
 * Issue 38, finding 7 (Low): the webhook SSRF check was lookup-then-fetch. The
 * name was resolved and checked, then `fetch` resolved it again: a name that
 * answers a public address first and 127.0.0.1 next (DNS rebinding) landed
 * the POST on the server's own network. Now the connection's own lookup is the
 * one checked (app/infra/webhooks/public-post.server.ts).
 *
 * This one is driven at the module, not over HTTP: a rebinding resolver needs
 * a DNS server the production process would consult, and this machine's
 * resolver is the system's. The resolver here answers as a rebinding name
 * does; the receiver is a real server on 127.0.0.1.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postToPublicAddress } from "../../app/infra/webhooks/public-post.server.ts";

describe("finding 38.7: a webhook connects only to the address it checked", () => {
  let hits = 0;
  const receiver = createServer((req, res) => {
    hits += 1;
    res.writeHead(204).end();
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const post = (url: string, resolve: Parameters<typeof postToPublicAddress>[1]["resolve"]) =>
    postToPublicAddress(url, { headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 1_500, allowPrivate: false, resolve });

  it("a name that rebinds to 127.0.0.1 never reaches the local receiver, and is asked once per POST", async () => {
    let asked = 0;
    const rebinding: Parameters<typeof post>[1] = (_host, callback) => {
      asked += 1;
      // Public for the first answer (what the old check saw), loopback for the next (what fetch then used).
      callback(null, asked === 1 ? [{ address: "198.51.100.7", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    };
    await expect(post(`http://rebind.test:${port}/hook`, rebinding)).rejects.toThrow();
    expect(asked).toBe(1);
    await expect(post(`http://rebind.test:${port}/hook`, rebinding)).rejects.toThrow(/not a public address/);
    expect(hits).toBe(0);
  });

  it("a name with any non-public answer, and a loopback address written in the URL, are refused before connecting", async () => {
    const mixed: Parameters<typeof post>[1] = (_host, callback) =>
      callback(null, [
        { address: "198.51.100.7", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ]);
    await expect(post(`http://mixed.test:${port}/hook`, mixed)).rejects.toThrow(/not a public address/);
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "10.0.0.1", "169.254.169.254"]) {
      await expect(post(`http://${host}:${port}/hook`, undefined), host).rejects.toThrow(/not a public address/);
    }
    expect(hits).toBe(0);
  });

  it("with private addresses allowed (the operator's own machine), the local receiver gets the POST", async () => {
    const status = await postToPublicAddress(`http://127.0.0.1:${port}/hook`, { headers: {}, body: "{}", timeoutMs: 1_500, allowPrivate: true });
    expect(status).toBe(204);
    expect(hits).toBe(1);
  });
});
