import { describe, expect, it } from "vitest";
import { INTERESTS, interestLabel, isInterest } from "./interests";
import { hi } from "~/shared/i18n/messages.hi";
import { waitMessage } from "~/infra/http/responses";
import { waitlistPages } from "~/shared/i18n/catalog/waitlist-pages";
import { checkWaitlistJoin, WAITLIST_MESSAGES } from "./waitlist-check";
import { interestLabelIn } from "./interests.server";
import { waitText } from "./waitlist-answer.server";
import { confirmUrl, unsubscribeUrl } from "./waitlist-service.server";

describe("checkWaitlistJoin", () => {
  it("needs an address and takes the choices offered only", () => {
    expect(checkWaitlistJoin({ email: "", interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailMissing });
    expect(checkWaitlistJoin({ email: "a@localhost", interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailInvalid });
    expect(checkWaitlistJoin({ email: `${"a".repeat(250)}@example.com`, interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailInvalid });
    expect(checkWaitlistJoin({ email: "asha@example.com", interest: "plan:enterprise-gold" })).toEqual({ interest: WAITLIST_MESSAGES.interest });
    expect(checkWaitlistJoin({ email: " asha@example.com ", interest: "plan:standard" })).toEqual({});
    expect(checkWaitlistJoin({ email: "asha@example.com", interest: ["plan:standard"] })).toEqual({});
  });

  it("keeps its English words, and writes a Hindi page's in Hindi", () => {
    expect(WAITLIST_MESSAGES).toEqual({
      emailMissing: "Enter your email address.",
      emailInvalid: "Enter an email address like name@example.com.",
      interest: "Choose one of the plans or products in the list.",
    });
    expect(checkWaitlistJoin({ email: "", interest: "plan:enterprise-gold" }, hi.waitlist)).toEqual({
      email: "अपना ईमेल पता लिखें।",
      interest: "सूची में से कोई प्लान या उत्पाद चुनें।",
    });
  });

  it("offers the five plans and the four products, each with its words", () => {
    expect(INTERESTS.map((i) => i.value)).toEqual([
      "plan:free",
      "plan:basic",
      "plan:standard",
      "plan:student",
      "plan:professional",
      "product:tuesday-llm",
      "product:tuesday-assistant",
      "product:tuesday-watch",
      "product:tuesday-devices",
    ]);
    expect(isInterest("")).toBe(true);
    expect(interestLabel("plan:student")).toBe("Student plan");
    expect(interestLabel("")).toBe("Anything");
  });
});

describe("the waitlist in the joiner's language", () => {
  it("names the interest in the page's language", () => {
    expect(interestLabelIn("en", "plan:student")).toBe("Student plan");
    expect(interestLabelIn("en", "")).toBe("Anything");
    expect(interestLabelIn("hi", "")).toBe("कुछ भी");
    expect(interestLabelIn("hi", "plan:student")).toMatch(/ प्लान$/);
    expect(interestLabelIn("hi", "product:tuesday-watch")).toBe("Tuesday Watch");
  });

  it("links a Hindi joiner's mail to the Hindi pages", () => {
    const env = { appUrl: "https://tuesdayai.in", authSecret: "s".repeat(32) };
    expect(confirmUrl(env, "tok", "en")).toBe("https://tuesdayai.in/waitlist/confirm?token=tok");
    expect(confirmUrl(env, "tok", "hi")).toBe("https://tuesdayai.in/hi/waitlist/confirm?token=tok");
    expect(unsubscribeUrl(env, "id-1")).toMatch(/^https:\/\/tuesdayai\.in\/waitlist\/unsubscribe\?id=id-1&token=/);
    expect(unsubscribeUrl(env, "id-1", "hi")).toMatch(/^https:\/\/tuesdayai\.in\/hi\/waitlist\/unsubscribe\?id=id-1&token=/);
  });

  it("says how long to wait as the API does in English", () => {
    for (const s of [5, 89, 90, 900]) expect(waitText(waitlistPages.answers, s)).toBe(waitMessage(s));
    expect(waitText(hi.waitlistPages.answers, 900)).toBe("बहुत ज़्यादा कोशिशें हो गईं। कृपया 15 मिनट रुककर फिर से कोशिश करें।");
  });
});

describe("mailboxKey", () => {
  it("is one key per mailbox however the address is written", async () => {
    const { mailboxKey } = await import("./waitlist-service.server");
    expect(mailboxKey("A.sha+launch@GoogleMail.com")).toBe("asha@gmail.com");
    expect(mailboxKey("a.sha@gmail.com")).toBe("asha@gmail.com");
    expect(mailboxKey("ravi.kumar+x@example.com")).toBe("ravi.kumar@example.com");
    expect(mailboxKey("Ravi@Example.COM")).toBe("ravi@example.com");
  });
});
