/**
 * /dev/mailbox and /dev/mailbox/:id: the local outbox of a server without
 * SMTP_URL on a loopback address, for the person at this machine only (no
 * proxy, tunnel or other host name), as plain HTML without scripts.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, FIXTURE_PASSWORD, freshEmail, type RouteCall } from "../../../tests/routes/route-kit";
import { action as authAction } from "../api/auth";
import { loader } from "./mailbox";
import { loader as messageLoader } from "./mailbox-message";

/** A request as the person at this machine makes it: from loopback, to a loopback host name, through no proxy. */
const LOCAL: Pick<RouteCall, "ip" | "headers"> = { ip: "127.0.0.1", headers: { host: "localhost:3000" } };

type Mail = { id: string; to: string; subject: string; links: string[] };

const newcomer = freshEmail("newcomer");

beforeAll(async () => {
  // A newcomer signs up; the outbox's worker (not started in route tests) then "sends" its mail into the mailbox.
  const signedUp = await callRoute(authAction, {
    path: "/api/auth/sign-up/email",
    json: { email: newcomer, password: FIXTURE_PASSWORD, name: "New Comer" },
    ip: "10.95.0.1",
  });
  expect(signedUp.status).toBe(200);
  // Other files' mails wait in the same outbox (one database per worker): send until none is left.
  const { outbox } = await services();
  while ((await outbox.runOnce()).sent > 0);
});

describe("for the person at this machine", () => {
  test("the page lists the newcomer's verification mail with its link, as plain HTML without scripts", async () => {
    const answer = await callRoute<string>(loader, { path: `/dev/mailbox?to=${encodeURIComponent(newcomer)}`, ...LOCAL });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.data).toContain("<h1>Local mailbox</h1>");
    expect(answer.data).toContain("Verify your email for Tuesday AI");
    expect(answer.data).toMatch(/<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^"]+">/);
    expect(answer.data).not.toContain("<script");
  });

  test("as JSON: the mails to one address, with their links", async () => {
    const answer = await callRoute<Mail[]>(loader, { path: `/dev/mailbox?to=${encodeURIComponent(newcomer)}&format=json`, ...LOCAL });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([expect.objectContaining({ to: newcomer, subject: expect.stringMatching(/Verify your email/) })]);
    expect(answer.data[0]!.links.some((l) => l.includes("/api/auth/verify-email?token="))).toBe(true);
  });

  test("one mail as the recipient sees it, scripts off; an unknown id is a 404", async () => {
    const [mail] = (await callRoute<Mail[]>(loader, { path: `/dev/mailbox?to=${encodeURIComponent(newcomer)}&format=json`, ...LOCAL })).data;
    const answer = await callRoute<string>(messageLoader, { path: `/dev/mailbox/${mail!.id}`, params: { id: mail!.id }, ...LOCAL });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(answer.data).toContain("verify-email?token=");
    expect((await callRoute(messageLoader, { path: "/dev/mailbox/nope", params: { id: "nope" }, ...LOCAL })).status).toBe(404);
  });
});

test("through a proxy, a tunnel, under another host name or from another machine, it does not exist", async () => {
  const [mail] = (await callRoute<Mail[]>(loader, { path: "/dev/mailbox?format=json", ...LOCAL })).data;
  const others: Array<Pick<RouteCall, "ip" | "headers">> = [
    { ip: "127.0.0.1", headers: { host: "localhost:3000", "x-forwarded-for": "203.0.113.7" } },
    { ip: "127.0.0.1", headers: { host: "localhost:3000", forwarded: "for=203.0.113.7" } },
    { ip: "127.0.0.1", headers: { host: "localhost:3000", via: "1.1 nginx" } },
    { ip: "127.0.0.1", headers: { host: "localhost:3000", "x-real-ip": "203.0.113.7" } },
    { ip: "127.0.0.1", headers: { host: "public.example" } },
    { ip: "203.0.113.7", headers: { host: "localhost:3000" } },
  ];
  for (const call of others) {
    const list = await callRoute<string>(loader, { path: "/dev/mailbox?format=json", ...call });
    expect(list.status, JSON.stringify(call)).toBe(404);
    expect(list.data).toBe("Not found");
    expect((await callRoute(messageLoader, { path: `/dev/mailbox/${mail!.id}`, params: { id: mail!.id }, ...call })).status, JSON.stringify(call)).toBe(404);
  }
});
