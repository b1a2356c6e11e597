/**
 * Ask Tuesday's answerer (issue 41): no request leaves the process while it
 * answers, Devanagari words stay whole, Hinglish meets the Hindi pages, the
 * frozen test half meets the targets, the development half keeps its
 * figures and every price on both halves equals the pricing page's.
 */
import dns from "node:dns";
import net from "node:net";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { answerQuestion } from "./answer.server";
import { type EvalQuestion, evaluate, figures } from "./evaluate.server";
import { redact } from "./help-store.server";
import { buildHelpIndex } from "./search-index.server";
import { loanKey, romanize, soundKey } from "./sounds";
import { words } from "./text";

const { questions } = JSON.parse(readFileSync(new URL("../../../eval/help/questions.json", import.meta.url), "utf8")) as { questions: EvalQuestion[] };

describe("with the network refused", () => {
  const attempts: string[] = [];
  beforeAll(() => {
    const refuse = (what: string) => () => {
      attempts.push(what);
      throw new Error(`network refused: ${what}`);
    };
    vi.spyOn(net.Socket.prototype, "connect").mockImplementation(refuse("socket"));
    vi.spyOn(dns, "lookup").mockImplementation(refuse("dns") as unknown as typeof dns.lookup);
    vi.spyOn(globalThis, "fetch").mockImplementation(refuse("fetch") as unknown as typeof fetch);
  });
  afterAll(() => vi.restoreAllMocks());

  test("the index is built and every question of the set answered, with no attempt to connect", () => {
    const index = buildHelpIndex();
    for (const q of questions) answerQuestion(index, q.q, "en");
    expect(attempts).toEqual([]);
  });
});

test("Devanagari words are kept whole; Hinglish and Hindi meet in one sound key", () => {
  expect(words("क्या मुझे पैसे वापस मिलेंगे?")).toEqual(["क्या", "मुझे", "पैसे", "वापस", "मिलेंगे"]);
  expect(soundKey(romanize("वापस"))).toBe(soundKey("wapas"));
  expect(soundKey(romanize("पैसे"))).toBe(soundKey("paisa"));
  expect(soundKey(romanize("कीमत"))).toBe(soundKey("keemat"));
});

test("words between punctuation are cut as the word segmenter cuts them", () => {
  const segmenter = new Intl.Segmenter("en", { granularity: "word" });
  const segmented = (text: string) =>
    [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLowerCase().replace(/[\u200c\u200d]/g, ""));
  const text = "Plans. (INR) “quoted” —dash क्या। don't U.S. _foo bar_ ₹350/month कौन-सी ¿qué? #1 3.5%";
  expect(words(text)).toEqual(text.split(" ").flatMap(segmented));
  expect(words("(INR) _foo")).toEqual(["inr", "_foo"]);
});

test("an English word written in Devanagari meets the English word by its loan key; a likeness of consonants alone does not", () => {
  const hindi = (word: string) => loanKey(romanize(word), { english: false });
  const english = (word: string) => loanKey(word, { english: true });
  for (const [en, hi] of [
    ["customer", "कस्टमर"],
    ["discount", "डिस्काउंट"],
    ["security", "सिक्योरिटी"],
    ["research", "रिसर्च"],
    ["download", "डाउनलोड"],
    ["password", "पासवर्ड"],
    ["notification", "नोटिफिकेशन"],
    ["members", "मेंबर्स"],
  ] as const) {
    expect(english(en), en).not.toBe("");
    expect(hindi(hi), `${hi} ~ ${en}`).toBe(english(en));
  }
  // The same consonants, the vowels elsewhere: other words.
  for (const [en, hi] of [
    ["parents", "प्रिंट"],
    ["first", "फ़ुर्सत"],
    ["mentor", "मॉनिटर"],
    ["cricket", "करेक्ट"],
  ] as const) {
    expect(hindi(hi), `${hi} ≁ ${en}`).not.toBe(english(en));
  }
  // Under four consonants: no key.
  expect(hindi("फ्लाइट")).toBe("");
  expect(english("felt")).toBe("");
});

type Lang = "en" | "hi" | "hinglish";
type Floors = Record<"firstSourceRight" | "citationPrecision" | "declined", number | Record<Lang, number>>;

/** The acceptance, per language: first source, citation precision, unanswerable questions declined. */
const TARGETS: Floors = { firstSourceRight: 0.85, citationPrecision: 0.9, declined: 0.9 };
/**
 * Where the development half's hard questions went: batches 7 and 8 (English words in Devanagari)
 * and 9 and 10 (everyday questions outside the site, in words the pages also use) leave Hindi at
 * 86 % precision and 89 % declined (ADR 0044). Batch 12 (four questions a reviewer saw answered
 * wrongly, 2026-11-29: a phone app, training on "my data", a price behind a <script> tag) leaves
 * English at 93 % precision and 10 of 12 declined: the two about a phone app are still answered.
 */
const DEV_FLOORS: Floors = {
  firstSourceRight: 0.85,
  citationPrecision: { en: 0.9, hi: 0.85, hinglish: 0.9 },
  declined: { en: 0.8, hi: 0.88, hinglish: 0.9 },
};

function expectFigures(split: "dev" | "test", floors: Floors) {
  const index = buildHelpIndex();
  for (const lang of ["en", "hi", "hinglish"] as const) {
    const half = figures(
      evaluate(
        index,
        questions.filter((q) => q.split === split && q.lang === lang),
      ),
    );
    const floor = (name: keyof Floors) => {
      const value = floors[name];
      return typeof value === "number" ? value : value[lang];
    };
    expect(half.firstSourceRight, lang).toBeGreaterThanOrEqual(floor("firstSourceRight"));
    expect(half.citationPrecision, lang).toBeGreaterThanOrEqual(floor("citationPrecision"));
    expect(half.declined, lang).toBeGreaterThanOrEqual(floor("declined"));
  }
}

test("the frozen test half meets the acceptance targets in every language", () => {
  expectFigures("test", TARGETS);
});

test("the development half keeps its figures; every price answer on both halves is the pricing page's", () => {
  expectFigures("dev", DEV_FLOORS);
  const priced = evaluate(
    buildHelpIndex(),
    questions.filter((q) => q.price),
  );
  expect(priced.length).toBeGreaterThan(5);
  for (const outcome of priced) expect(outcome.priceExact, outcome.question.q).toBe(true);
});

test("how to do, or which to choose, something the site neither does nor offers is declined; the site's own tasks are not", () => {
  const index = buildHelpIndex();
  const reason = (question: string, lang: "en" | "hi" = "hi") => answerQuestion(index, question, lang).reason;
  // Every word of these is on some page (an exam in the post on evaluating models, a battery in the watch's card).
  for (const question of ["परीक्षा की तैयारी कैसे करें", "board exam ki taiyari kaise kare", "बच्चों के लिए अच्छा स्कूल कौन सा है"]) {
    expect(reason(question), question).toBe("off-topic");
  }
  expect(reason("Which phone has the best battery life?", "en")).toBe("off-topic");
  expect(reason("How do I prepare for a job interview?", "en")).toBe("off-topic");
  // Another company's account is not ours, however much it says "password" ("में" and "in" name nothing).
  expect(reason("gmail ka password kaise badle")).toBe("off-topic");
  expect(reason("बैंक में खाता कैसे खोलें")).not.toBe(undefined);
  // A wish written with a chandrabindu, as the pages write it ("मिटाएँ").
  expect(reason("पासपोर्ट कैसे बनवाएँ")).toBe("off-topic");
  // Asked of the site's things, the same shapes are answered.
  for (const [question, lang] of [
    ["अकाउंट डिलीट कैसे करें?", "hi"],
    ["cookies kaise delete kare", "hi"],
    ["सबसे सस्ता प्लान कौन-सा है?", "hi"],
    ["How do I delete my account?", "en"],
    ["How can I talk to you by email?", "en"],
    ["पेमेंट कैसे करें", "hi"],
    ["How do I evaluate an AI model?", "en"],
    ["RAG kaise banaye", "hi"],
  ] as const) {
    expect(answerQuestion(index, question, lang).kind, question).toBe("answer");
  }
  // "फ़ाइलें" ends as a wish does, but "कौन-सी फ़ाइलें" asks which, not which to choose.
  expect(answerQuestion(index, "साइट कौन-सी फ़ाइलें मेरे ब्राउज़र में रखती हैं?", "hi").reason).not.toBe("off-topic");
});

test("how to do something to one's account points to the section where it is done; what the company does with it does not", () => {
  const index = buildHelpIndex();
  const source = (question: string, lang: "en" | "hi") => answerQuestion(index, question, lang).sources[0]?.url ?? "";
  expect(source("how do i turn on two factor authentication", "en")).toBe("/profile/security#two-factor");
  expect(source("पासकी कैसे जोड़ें", "hi")).toBe("/hi/profile/security#passkeys");
  // The devices section, not the password's note that a change signs the other devices out.
  expect(source("How do I sign out of my other devices?", "en")).toBe("/profile/security#devices");
  expect(source("How do I sign out of all devices?", "en")).toBe("/profile/security#devices");
  expect(source("सभी डिवाइस से साइन आउट कैसे करें?", "hi")).toBe("/hi/profile/security#devices");
  expect(source("profile ka naam kaise badle", "hi")).toBe("/hi/profile#details-heading");
  // The profile says the address cannot be changed; the password section only mentions an email.
  expect(source("How do I change my email address?", "en")).toBe("/profile#details-heading");
  expect(source("ईमेल पता कैसे बदलें?", "hi")).toBe("/hi/profile#details-heading");
  expect(source("How do I reset my password?", "en")).toMatch(/^\/auth\?mode=reset#/);
  // Not a how-to: the privacy policy says what happens to a password, not the page that changes it.
  expect(source("मेरे पासवर्ड को आप देख सकते हैं क्या", "hi")).toMatch(/^\/hi\/privacy/);
  expect(source("can you see my password", "en")).toMatch(/^\/privacy/);
  // Not a how-to either, but only the two-factor section names the apps: it answers.
  expect(source("Which authenticator app can I use?", "en")).toBe("/profile/security#two-factor");
  expect(source("kaunsa authenticator app use kar sakte hain", "en")).toBe("/profile/security#two-factor");
  // "hoon" (am) is a function word like "hain": the question is about deleting an account, which the terms answer.
  expect(source("kya main apna account delete kar sakta hoon?", "en")).toMatch(/^\/terms#/);
  expect(source("कौन सा ऑथेंटिकेटर ऐप इस्तेमाल कर सकता हूँ?", "hi")).toBe("/hi/profile/security#two-factor");
  expect(answerQuestion(buildHelpIndex(), "Can I use Google Authenticator?", "en").text).toContain("Google Authenticator, Microsoft Authenticator");
  // The backup codes, by name, for a lost phone.
  for (const [question, lang] of [
    ["What are backup codes?", "en"],
    ["I lost my phone with the authenticator, how do I sign in?", "en"],
    ["बैकअप कोड क्या हैं", "hi"],
  ] as const) {
    expect(answerQuestion(buildHelpIndex(), question, lang).text, question).toMatch(/backup codes: Each code signs you in once|बैकअप कोड: /);
  }
});

test("'me' is nobody's subject: asked whether I can get a refund, the refund policy answers", () => {
  const index = buildHelpIndex();
  // "मुझे" was a subject word, and the one team bio that says "मुझे नहीं पता" answered.
  expect(answerQuestion(index, "क्या मुझे रिफ़ंड मिल सकता है?", "hi").sources[0]?.url).toMatch(/^\/hi\/terms#/);
  expect(answerQuestion(index, "mujhe refund milega kya", "en").sources[0]?.url).toMatch(/^\/terms#/);
});

test("markup in a question is not its words; a question about the asker's own is not a blog post's", () => {
  const index = buildHelpIndex();
  const asked = (question: string) => answerQuestion(index, question, "en");
  // The <script> element is dropped whole: a pricing question, not one about scripts.
  expect(asked("<script>alert(1)</script> how much is pricing?").sources[0]?.url).toMatch(/^\/pricing\b/);
  expect(asked("<b>how much</b> is the <i>Student</i> plan?").text).toBe(asked("how much is the Student plan?").text);
  // The post on curating training data says how it is done in general, not what is done with "my data".
  expect(asked("Is my data used to train the AI?").kind).toBe("none");
  expect(asked("How is training data curated?").sources[0]?.url).toMatch(/^\/blog\/curating-training-data/);
});

test("the cookie table answers a question about cookies, not one about the features its rows name", () => {
  const index = buildHelpIndex();
  const COOKIE_TABLE = "/cookie-policy#:~:text=Which%20cookies%20we%20use%20and%20why";
  const source = (question: string, lang: "en" | "hi" = "en") => answerQuestion(index, question, lang).sources[0]?.url;
  // Its two-factor row says "authenticator app", and its trust row "भरोसा": neither question is about a cookie.
  for (const question of ["Do you have an iPhone app?", "Is there a mobile app?", "Which authenticator app can I use?"]) {
    expect(source(question), question).not.toBe(COOKIE_TABLE);
  }
  expect(source("बेंचमार्क पर पूरा भरोसा क्यों नहीं करना चाहिए", "hi")).toMatch(/^\/hi\/blog\/evaluating-ai-models/);
  expect(source("what is the tuesday.state cookie")).toBe(COOKIE_TABLE);
  expect(answerQuestion(index, "what is the tuesday.state cookie", "en").text).toMatch(/^tuesday\.state: Protects a Google or GitHub sign-in/);
  // A row's cookie name counts by its parts: "session" is the session cookie's, not the "last sign-in" of another row.
  expect(answerQuestion(index, "how long does a session last", "en").text).toMatch(/^tuesday\.session_token: Keeps you signed in/);
  // A quote is a row whole: its name, what it is for and how long it lasts; never a duration alone.
  const closing = answerQuestion(index, "Does closing the browser sign me out?", "en").text;
  expect(closing).toMatch(/^tuesday\.session_token: Keeps you signed in\..*\(Until you close the browser, .*\)$/);
  expect(answerQuestion(index, "browser band karne par kya hota hai", "hi").text).not.toMatch(/^\(/);
});

test("a question of the words an object inherits is declined, not a crash", () => {
  const index = buildHelpIndex();
  for (const question of ["constructor", "__proto__", "toString kya hai", "valueOf", "hasOwnProperty"]) {
    expect(answerQuestion(index, question, "en").kind, question).toBe("none");
  }
});

test("a logged question loses its emails and numbers", () => {
  expect(redact("mail me at asha@example.com or +91 98765 43210, order 123456")).toBe("mail me at [email] or [number], order [number]");
});
