/**
 * Joining from a Hindi page: the row keeps the language, the confirmation
 * mail is written in it and links to the Hindi pages; the action answers in
 * it. On real services (SQLite, migrations, the local outbox).
 */
import { describe, expect, it } from "vitest";
import { hi } from "~/shared/i18n/messages.hi";
import { testServicesPerSuite } from "../../../tests/support/test-services";
import { waitlistAnswer } from "./waitlist-answer.server";
import { joinWaitlist } from "./waitlist-service.server";

const services = testServicesPerSuite();
const db = () => services().database.db;
let ipCounter = 1;

function post(path: string, fields: Record<string, string>): Request {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

const join = (path: string, fields: Record<string, string>, locale: "en" | "hi") =>
  joinWaitlist(services(), { request: post(path, fields), ip: `198.51.100.${ipCounter++}`, viewerEmail: null, locale });

async function confirmMailTo(email: string) {
  return db().selectFrom("mail_outbox").selectAll().where("kind", "=", "waitlist-confirm").where("to_address", "=", email).executeTakeFirstOrThrow();
}

describe("the waitlist in the joiner's language", () => {
  it("a Hindi page's join: the row says hi, the mail links to the Hindi pages", async () => {
    const outcome = await join("/hi/waitlist", { email: "asha.hi@example.com", interest: "plan:student", source: "/pricing" }, "hi");
    expect(outcome).toMatchObject({ kind: "check-inbox", source: "/pricing" });
    const row = await db().selectFrom("waitlist_entry").select(["language", "source"]).where("email", "=", "asha.hi@example.com").executeTakeFirstOrThrow();
    expect(row).toEqual({ language: "hi", source: "/pricing" });
    const mail = await confirmMailTo("asha.hi@example.com");
    expect(mail.text).toContain("http://localhost:3000/hi/waitlist/confirm?token=");
    expect(mail.text).toContain("/hi/waitlist/unsubscribe?id=");
    expect(mail.list_unsubscribe).toMatch(/\/hi\/waitlist\/unsubscribe\?id=/);
    // Written in Hindi (features/waitlist/mails.ts, in the joiner's language).
    expect(mail.subject).toBe(hi.mail.waitlistConfirm.subject);
  });

  it("an English page's join stays as it was", async () => {
    await join("/waitlist", { email: "asha.en@example.com", interest: "", source: "/coming-soon" }, "en");
    expect(await db().selectFrom("waitlist_entry").select("language").where("email", "=", "asha.en@example.com").executeTakeFirstOrThrow()).toEqual({
      language: "en",
    });
    const mail = await confirmMailTo("asha.en@example.com");
    expect(mail.text).toContain("http://localhost:3000/waitlist/confirm?token=");
    expect(mail.text).not.toContain("/hi/");
  });

  it("answers field errors and failures in the page's language", async () => {
    const invalid = await join("/hi/waitlist", { email: "", interest: "plan:gold" }, "hi");
    expect(invalid).toMatchObject({ kind: "invalid", fieldErrors: { email: hi.waitlist.emailMissing, interest: hi.waitlist.interestInvalid } });
    const answer = waitlistAnswer({ kind: "unavailable", values: { email: "a@example.com", interest: "" }, source: "/waitlist" }, "hi");
    expect(answer.data).toMatchObject({ status: "failed", message: hi.waitlistPages.answers.unavailable });
    const english = waitlistAnswer({ kind: "unavailable", values: { email: "a@example.com", interest: "" }, source: "/waitlist" });
    expect(english.data).toMatchObject({ status: "failed", message: "We could not add you just now. Please try again in a moment." });
    const joined = waitlistAnswer(
      { kind: "joined", email: "a@example.com", interest: "", source: "/waitlist", leave: "/hi/waitlist/unsubscribe?id=x&token=y" },
      "hi",
    );
    expect(joined.data).toMatchObject({ interestLabel: hi.waitlist.anything });
  });
});
