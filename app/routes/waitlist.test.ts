/**
 * POST /waitlist (issue 21): every waitlist form posts here, a plain post and
 * the fetcher alike. Double opt-in by mail for a stranger, one press for the
 * signed-in owner of the address, the same answer for a known address, the
 * honeypot, the per-mailbox ceiling, each field's error in its slot.
 */
import { describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, freshEmail, lastMail, mailsTo, signIn, type RouteCall } from "../../tests/routes/route-kit";
import { action, loader } from "./waitlist";

let lastIp = 0;
/** A client address of its own: the waitlist's rate limit counts per address. */
const freshIp = () => `10.50.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

type Answer = {
  status: string;
  email?: string;
  source?: string;
  message?: string;
  interest?: string;
  interestLabel?: string;
  leave?: string;
  fieldErrors?: Record<string, string>;
  values?: { email: string; interest: string };
};

function join(form: Record<string, string>, call: Partial<RouteCall> = {}) {
  return callRoute<Answer>(action, { path: "/waitlist", form, ip: freshIp(), ...call });
}

async function rowsOf(email: string) {
  const { database } = await services();
  return database.db.selectFrom("waitlist_entry").select(["id", "status", "interest", "source", "language"]).where("email", "=", email.toLowerCase()).execute();
}

async function confirmationsTo(email: string) {
  return (await mailsTo(email)).filter((m) => m.kind === "waitlist-confirm");
}

describe("a stranger joins", () => {
  test("a pending place and one mail with a confirmation link, an unsubscribe link and the one-click headers", async () => {
    const email = freshEmail("wait");
    const answer = await join({ email, interest: "plan:standard", source: "/coming-soon" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ status: "check-inbox", email, source: "/coming-soon" });
    expect(await rowsOf(email)).toEqual([expect.objectContaining({ status: "pending", interest: "plan:standard", source: "/coming-soon", language: "en" })]);

    const mail = await lastMail(email, "waitlist-confirm");
    expect(mail.subject).toMatch(/Confirm your place on the Tuesday AI waitlist/);
    expect(mail.text).toContain("when the Standard plan launches");
    const unsubscribe = mail.links.find((l) => l.includes("/waitlist/unsubscribe?id="));
    expect(mail.links.some((l) => l.startsWith("http://localhost:3000/waitlist/confirm?token="))).toBe(true);
    expect(unsubscribe).toMatch(/^http:\/\/localhost:3000\/waitlist\/unsubscribe\?id=/);
    const { database } = await services();
    const row = await database.db.selectFrom("mail_outbox").select("list_unsubscribe").where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(row.list_unsubscribe).toBe(unsubscribe);
  });

  test("the same address again (in capitals, from another page, another plan): the same answer, no second mail, one place as first asked", async () => {
    const email = freshEmail("wait-twice");
    await join({ email, interest: "plan:standard", source: "/coming-soon" });
    const again = await join({ email: email.toUpperCase(), interest: "plan:professional", source: "/pricing" });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ status: "check-inbox", email: email.toUpperCase(), source: "/pricing" });
    expect(await confirmationsTo(email)).toHaveLength(1);
    expect(await rowsOf(email)).toEqual([expect.objectContaining({ interest: "plan:standard", source: "/coming-soon" })]);
  });

  test("a page that does not carry the form is answered as /waitlist", async () => {
    const answer = await join({ email: freshEmail("wait-src"), interest: "", source: "https://elsewhere.example/" });
    expect(answer.data).toMatchObject({ status: "check-inbox", source: "/waitlist" });
  });

  test("from the Hindi page: the place, the mail and its links are in Hindi", async () => {
    const email = freshEmail("wait-hi");
    const answer = await callRoute<Answer>(action, { path: "/hi/waitlist", form: { email, interest: "", source: "/pricing" }, ip: freshIp() });
    expect(answer.data).toMatchObject({ status: "check-inbox" });
    expect(await rowsOf(email)).toEqual([expect.objectContaining({ language: "hi" })]);
    const mail = await lastMail(email, "waitlist-confirm");
    expect(mail.subject).toMatch(/[\u0900-\u097F]/);
    expect(mail.links.some((l) => l.startsWith("http://localhost:3000/hi/waitlist/confirm?token="))).toBe(true);
    expect(mail.links.some((l) => l.startsWith("http://localhost:3000/hi/waitlist/unsubscribe?id="))).toBe(true);
  });

  test("a bot that fills the honeypot is told the same, and nothing is kept or mailed", async () => {
    const bot = freshEmail("wait-bot");
    const answer = await join({ email: bot, interest: "", source: "/pricing", subject_line: "buy now" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ status: "check-inbox" });
    expect(await rowsOf(bot)).toEqual([]);
    expect(await mailsTo(bot)).toEqual([]);
  });
});

describe("errors", () => {
  test("an empty address is answered in the field's slot", async () => {
    const answer = await join({ email: "", interest: "", source: "/waitlist" });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      status: "invalid",
      fieldErrors: { email: "Enter your email address." },
      values: { email: "", interest: "" },
      source: "/waitlist",
    });
  });

  test("a malformed address is answered in the field's slot, and what was chosen is kept", async () => {
    for (const email of ["someone at example", "asha@localhost"]) {
      const answer = await join({ email, interest: "product:tuesday-watch", source: "/product" });
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({
        status: "invalid",
        fieldErrors: { email: "Enter an email address like name@example.com." },
        values: { email, interest: "product:tuesday-watch" },
        source: "/product",
      });
    }
  });

  test("an interest that is not offered is answered in its slot", async () => {
    const answer = await join({ email: freshEmail("wait-gold"), interest: "plan:gold" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ interest: "Choose one of the plans or products in the list." });
  });

  test("the Hindi page's errors are in Hindi", async () => {
    const answer = await callRoute<Answer>(action, { path: "/hi/waitlist", form: { email: "", interest: "" }, ip: freshIp() });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors?.email).toMatch(/[\u0900-\u097F]/);
  });

  test("a JSON body is not a form: 415", async () => {
    const answer = await join({}, { form: undefined, json: { email: freshEmail("wait-json") } });
    expect(answer.status).toBe(415);
    expect(answer.data).toMatchObject({ status: "failed", message: expect.any(String) });
  });

  test("a post from another site is refused", async () => {
    const answer = await join({ email: freshEmail("wait-evil") }, { origin: "https://evil.example" });
    expect(answer.status).toBe(403);
  });

  test("one inbox asked for too often: the eleventh join within the hour is a 429 that says how long to wait and keeps what was typed; one mail in all", async () => {
    const email = freshEmail("wait-flood");
    const [local, domain] = email.split("@") as [string, string];
    // Written differently each time (capitals, a +tag), it is one mailbox; each join from another address.
    for (let i = 0; i < 10; i++) {
      const answer = await join({ email: i % 2 ? `${local}+try${i}@${domain}` : email.toUpperCase(), interest: "", source: "/coming-soon" });
      expect(answer.data).toMatchObject({ status: "check-inbox" });
    }
    const over = await join({ email, interest: "plan:standard", source: "/coming-soon" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.data).toEqual({
      status: "failed",
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/),
      values: { email, interest: "plan:standard" },
      source: "/coming-soon",
    });
    expect(await confirmationsTo(email)).toHaveLength(1);
  });
});

describe("the signed-in owner of the address", () => {
  test("joins with one press: confirmed at once, no mail, and the answer carries the way off the list", async () => {
    const member = await signIn();
    const answer = await join({ email: member.email, interest: "product:tuesday-watch", source: "/product" }, { cookie: member.cookie });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      status: "joined",
      email: member.email,
      interest: "product:tuesday-watch",
      interestLabel: "Tuesday Watch",
      source: "/product",
    });
    expect(answer.data.leave).toMatch(/^\/waitlist\/unsubscribe\?id=[^&]+&token=/);
    expect(await rowsOf(member.email)).toEqual([expect.objectContaining({ status: "confirmed", interest: "product:tuesday-watch" })]);
    expect(await confirmationsTo(member.email)).toEqual([]);
  });

  test("confirms a stranger's pending place for their address, with their plan", async () => {
    const member = await signIn();
    await join({ email: member.email, interest: "plan:basic", source: "/pricing" });
    const answer = await join({ email: member.email, interest: "plan:student", source: "/pricing" }, { cookie: member.cookie });
    expect(answer.data).toMatchObject({ status: "joined", interest: "plan:student" });
    expect(await rowsOf(member.email)).toEqual([expect.objectContaining({ status: "confirmed", interest: "plan:student" })]);
  });

  test("another address than their own is joined as a stranger's", async () => {
    const member = await signIn();
    const other = freshEmail("wait-other");
    const answer = await join({ email: other, interest: "" }, { cookie: member.cookie });
    expect(answer.data).toMatchObject({ status: "check-inbox" });
    expect(await rowsOf(other)).toEqual([expect.objectContaining({ status: "pending" })]);
  });
});

test("the page's loader offers every plan and product, and Hindi words only on the Hindi page", async () => {
  const english = await callRoute<{ interests: unknown; i18n: unknown }>(loader, { path: "/waitlist" });
  expect(JSON.stringify(english.data.interests)).toContain("plan:standard");
  expect(JSON.stringify(english.data.interests)).toContain("product:tuesday-watch");
  expect(english.data.i18n).toBeNull();
  const hindi = await callRoute<{ interests: unknown; i18n: unknown }>(loader, { path: "/hi/waitlist" });
  expect(hindi.data.i18n).not.toBeNull();
  expect(JSON.stringify(hindi.data.interests)).toMatch(/[\u0900-\u097F]/);
});
