/**
 * /waitlist/unsubscribe?id=…&token=… (RFC 8058, ADR 0028): the link in every
 * waitlist mail. Opening it only asks; the page's press or a mail app's
 * one-click POST (no Origin) removes the address. A link whose signature
 * is not the id's is a 400 and removes nothing.
 */
import { expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, freshEmail, lastMail, signIn } from "../../tests/routes/route-kit";
import { action as joinAction } from "./waitlist";
import { action, loader } from "./waitlist.unsubscribe";

type Page = { state: string; email: string | null; i18n: unknown };

let lastIp = 0;

/** Joins as a stranger from `path` and gives the mail's unsubscribe link's path and query. */
async function joinAndGetLink(path = "/waitlist") {
  const email = freshEmail("leave");
  await callRoute(joinAction, { path, form: { email, interest: "", source: "/coming-soon" }, ip: `10.70.0.${++lastIp}` });
  const link = (await lastMail(email, "waitlist-confirm")).links.find((l) => l.includes("/waitlist/unsubscribe?id="))!;
  const url = new URL(link);
  return { email, path: `${url.pathname}${url.search}` };
}

async function rowsOf(email: string) {
  const { database } = await services();
  return database.db.selectFrom("waitlist_entry").select("id").where("email", "=", email).execute();
}

test("opening the link asks and removes nothing; the press removes the address; afterwards the link says it is gone", async () => {
  const { email, path } = await joinAndGetLink();
  const opened = await callRoute<Page>(loader, { path });
  expect(opened.status).toBe(200);
  expect(opened.data).toEqual({ state: "listed", email, i18n: null });
  expect(opened.headers.get("cache-control")).toBe("no-store");
  expect(await rowsOf(email)).toHaveLength(1);

  const pressed = await callRoute<Page>(action, { path, form: {} });
  expect(pressed.status).toBe(200);
  expect(pressed.data).toMatchObject({ state: "removed" });
  expect(await rowsOf(email)).toEqual([]);

  expect((await callRoute<Page>(loader, { path })).data).toMatchObject({ state: "gone", email: null });
  expect((await callRoute<Page>(action, { path, form: {} })).data).toMatchObject({ state: "gone" });
});

test("a signature cut short, another id or no token is a 400 that removes nothing", async () => {
  const { email, path } = await joinAndGetLink();
  const broken = [
    path.replace(/token=.{6}/, "token="),
    path.replace(/id=[^&]+/, "id=someone-else"),
    path.replace(/&token=.*/, ""),
    "/waitlist/unsubscribe?id=x&token=y",
  ];
  for (const link of broken) {
    expect((await callRoute<Page>(loader, { path: link })).status, link).toBe(400);
    const pressed = await callRoute<Page>(action, { path: link, form: {} });
    expect(pressed.status, link).toBe(400);
    expect(pressed.data).toMatchObject({ state: "invalid", email: null });
  }
  expect(await rowsOf(email)).toHaveLength(1);
});

test("one-click (RFC 8058): the mail app's POST, without an Origin, removes the address; a forged one is refused", async () => {
  const { email, path } = await joinAndGetLink();
  const oneClick = { form: { "List-Unsubscribe": "One-Click" }, origin: null };
  expect((await callRoute(action, { path: path.replace(/id=[^&]+/, "id=someone-else"), ...oneClick })).status).toBe(400);
  expect(await rowsOf(email)).toHaveLength(1);
  const answer = await callRoute<Page>(action, { path, ...oneClick });
  expect(answer.status).toBe(200);
  expect(answer.data).toMatchObject({ state: "removed" });
  expect(await rowsOf(email)).toEqual([]);
});

test("the press from another site is refused", async () => {
  const { email, path } = await joinAndGetLink();
  expect((await callRoute(action, { path, form: {}, origin: "https://evil.example" })).status).toBe(403);
  expect(await rowsOf(email)).toHaveLength(1);
});

test("the signed-in joiner's way off the list (the answer's leave link) works the same", async () => {
  const member = await signIn();
  const joined = await callRoute<{ leave: string }>(joinAction, {
    path: "/waitlist",
    form: { email: member.email, interest: "" },
    cookie: member.cookie,
    ip: "10.70.1.1",
  });
  const opened = await callRoute<Page>(loader, { path: joined.data.leave, cookie: member.cookie });
  expect(opened.data).toMatchObject({ state: "listed", email: member.email });
  expect((await callRoute<Page>(action, { path: joined.data.leave, form: {}, cookie: member.cookie })).data).toMatchObject({ state: "removed" });
  expect(await rowsOf(member.email)).toEqual([]);
});

test("the Hindi link's page speaks Hindi", async () => {
  const { path } = await joinAndGetLink("/hi/waitlist");
  expect(path).toMatch(/^\/hi\/waitlist\/unsubscribe\?id=/);
  expect((await callRoute<Page>(loader, { path })).data.i18n).not.toBeNull();
});
