import { expect, test } from "vitest";
import { answerLanguageFor } from "./answer-language";

test("a question in Devanagari is answered in Hindi on either page; any other in the page's language", () => {
  expect(answerLanguageFor("क्या मुझे पैसे वापस मिलेंगे?", "en")).toBe("hi");
  expect(answerLanguageFor("Refund कब मिलेगा?", "en")).toBe("hi");
  expect(answerLanguageFor("refund milega kya", "hi")).toBe("hi");
  expect(answerLanguageFor("Can I get a refund?", "en")).toBe("en");
  expect(answerLanguageFor("Can I get a refund?", "hi")).toBe("hi");
});
