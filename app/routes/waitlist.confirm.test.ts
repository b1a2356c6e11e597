/**
 * /waitlist/confirm?token=… (double opt-in, ADR 0028): opening the mailed link
 * only shows the place (mail gateways open every link); the page's POST
 * confirms it. 400 for a link that is not one, 410 for one past its 7 days.
 */
import { expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, freshEmail, lastMail } from "../../tests/routes/route-kit";
import { action as joinAction } from "./waitlist";
import { action, loader } from "./waitlist.confirm";

type Page = { state: string; shown: { email: string; interest: string } | null; i18n: unknown };

let lastIp = 0;

/** Joins as a stranger from `path` and gives the mailed confirmation link's path and query. */
async function joinAndGetLink(interest: string, path = "/waitlist") {
  const email = freshEmail("confirm");
  await callRoute(joinAction, { path, form: { email, interest, source: "/pricing" }, ip: `10.60.0.${++lastIp}` });
  const link = (await lastMail(email, "waitlist-confirm")).links.find((l) => l.includes("/waitlist/confirm?token="))!;
  const url = new URL(link);
  return { email, path: `${url.pathname}${url.search}` };
}

async function statusOf(email: string) {
  const { database } = await services();
  return await database.db.selectFrom("waitlist_entry").select(["status", "interest"]).where("email", "=", email).executeTakeFirstOrThrow();
}

test("opening the link shows the place and changes nothing; the press confirms it with the plan first chosen; again, it was confirmed already", async () => {
  const { email, path } = await joinAndGetLink("plan:standard");
  const opened = await callRoute<Page>(loader, { path });
  expect(opened.status).toBe(200);
  expect(opened.data).toMatchObject({ state: "pending", shown: { email, interest: "Standard plan" }, i18n: null });
  expect(opened.headers.get("cache-control")).toBe("no-store");
  expect(await statusOf(email)).toEqual({ status: "pending", interest: "plan:standard" });

  const pressed = await callRoute<Page>(action, { path, form: {} });
  expect(pressed.status).toBe(200);
  expect(pressed.data).toMatchObject({ state: "confirmed", shown: { email, interest: "Standard plan" } });
  expect(await statusOf(email)).toEqual({ status: "confirmed", interest: "plan:standard" });

  expect((await callRoute<Page>(loader, { path })).data).toMatchObject({ state: "already", shown: { email } });
  expect((await callRoute<Page>(action, { path, form: {} })).data).toMatchObject({ state: "already" });
});

test("a place for anything in particular shows no plan", async () => {
  const { path } = await joinAndGetLink("");
  expect((await callRoute<Page>(loader, { path })).data.shown?.interest).toBe("");
});

test("a token that is no link's is a 400, to the page and to the press", async () => {
  for (const path of ["/waitlist/confirm?token=nope", "/waitlist/confirm?token=abcdefghijklmnopqrstuvwxyz012345", "/waitlist/confirm"]) {
    const opened = await callRoute<Page>(loader, { path });
    expect(opened.status, path).toBe(400);
    expect(opened.data).toMatchObject({ state: "invalid", shown: null });
    expect((await callRoute<Page>(action, { path, form: {} })).status).toBe(400);
  }
});

test("a link older than seven days is a 410 and confirms nothing", async () => {
  const { email, path } = await joinAndGetLink("plan:basic");
  const { database } = await services();
  await database.db
    .updateTable("waitlist_entry")
    .set({ confirm_sent_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
    .where("email", "=", email)
    .execute();
  expect((await callRoute<Page>(loader, { path })).status).toBe(410);
  const pressed = await callRoute<Page>(action, { path, form: {} });
  expect(pressed.status).toBe(410);
  expect(pressed.data).toMatchObject({ state: "expired", shown: null });
  expect((await statusOf(email)).status).toBe("pending");
});

test("the Hindi link's page speaks Hindi, and names the plan in Hindi", async () => {
  const { path } = await joinAndGetLink("plan:standard", "/hi/waitlist");
  expect(path).toMatch(/^\/hi\/waitlist\/confirm\?token=/);
  const opened = await callRoute<Page>(loader, { path });
  expect(opened.data.i18n).not.toBeNull();
  expect(opened.data.shown?.interest).toMatch(/[\u0900-\u097F]/);
});

test("the press from another site is refused", async () => {
  const { email, path } = await joinAndGetLink("");
  expect((await callRoute(action, { path, form: {}, origin: "https://evil.example" })).status).toBe(403);
  expect((await statusOf(email)).status).toBe("pending");
});
