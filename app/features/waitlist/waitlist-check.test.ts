import { describe, expect, it } from "vitest";
import { INTERESTS, interestLabel, isInterest } from "./interests";
import { checkWaitlistJoin, WAITLIST_MESSAGES } from "./waitlist-check";

describe("checkWaitlistJoin", () => {
  it("needs an address and takes the choices offered only", () => {
    expect(checkWaitlistJoin({ email: "", interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailMissing });
    expect(checkWaitlistJoin({ email: "a@localhost", interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailInvalid });
    expect(checkWaitlistJoin({ email: `${"a".repeat(250)}@example.com`, interest: "" })).toEqual({ email: WAITLIST_MESSAGES.emailInvalid });
    expect(checkWaitlistJoin({ email: "asha@example.com", interest: "plan:enterprise-gold" })).toEqual({ interest: WAITLIST_MESSAGES.interest });
    expect(checkWaitlistJoin({ email: " asha@example.com ", interest: "plan:standard" })).toEqual({});
    expect(checkWaitlistJoin({ email: "asha@example.com", interest: ["plan:standard"] })).toEqual({});
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

describe("mailboxKey", () => {
  it("is one key per mailbox however the address is written", async () => {
    const { mailboxKey } = await import("./waitlist-service.server");
    expect(mailboxKey("A.sha+launch@GoogleMail.com")).toBe("asha@gmail.com");
    expect(mailboxKey("a.sha@gmail.com")).toBe("asha@gmail.com");
    expect(mailboxKey("ravi.kumar+x@example.com")).toBe("ravi.kumar@example.com");
    expect(mailboxKey("Ravi@Example.COM")).toBe("ravi@example.com");
  });
});
