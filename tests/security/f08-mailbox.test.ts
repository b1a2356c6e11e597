/**
 * Finding 8: the local mailbox checked only configuration, so a development
 * server published through a same-host proxy, tunnel or port forward showed
 * every reset and verification link to anyone. Now it also requires a
 * loopback socket peer, a loopback Host and no proxy header.
 */
import { describe, expect, it } from "vitest";
import { from, targets } from "./lib/suite.ts";

describe.each(targets())("finding 8 on $kind: the mailbox only for the person at the machine", (target) => {
  // node:http, not fetch: fetch would not send a Host of our choosing.
  const mailbox = (headers: Record<string, string> = {}) => from("127.0.0.1", `${target.url}/dev/mailbox?format=json`, { headers });

  it("answers the person at the machine", async () => {
    expect((await mailbox()).status).toBe(200);
  });

  it("is a 404 through a proxy or tunnel (X-Forwarded-For, Forwarded, Via) or under a public host name", async () => {
    expect((await mailbox({ "x-forwarded-for": "203.0.113.7" })).status).toBe(404);
    expect((await mailbox({ forwarded: "for=203.0.113.7;host=public.example;proto=https" })).status).toBe(404);
    expect((await mailbox({ via: "1.1 tunnel" })).status).toBe(404);
    expect((await mailbox({ host: "public.example:8443" })).status).toBe(404);
  });
});
