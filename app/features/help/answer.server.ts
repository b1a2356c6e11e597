/**
 * Ask Tuesday's answerer (issue 41): a question in, an answer out, from the
 * site's own pages and nothing else. No network, no model, no storage: a pure
 * function of the question and the in-memory index.
 *
 * In order:
 *   1. A question about the asker's own account, order or payment is never
 *      looked up: it points to the profile and to a person.
 *   2. A question outside what a company's help desk answers (the weather, a
 *      match, a comparison with another assistant, homework) is declined, and
 *      so is one asking how to do, or which to choose, something the site
 *      neither does nor offers (an exam, a phone): its words may all be on
 *      some page, but it is not about one (ADR 0044).
 *   3. A price is filled in by the code the pricing page renders with (the
 *      plans module and the yearly rule), so it cannot differ from /pricing.
 *   4. Anything else is searched for; the best passage is quoted, a sentence
 *      or two, with its place on the page as the source. When the question's
 *      words are mostly not in the passage, or not on the site at all, the
 *      answer says the site does not say.
 */
import { formatRupees, plans, priceFor, YEARLY_DISCOUNT } from "~/features/pricing";
import { INTL_LOCALE, type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { messagesFor } from "~/shared/i18n/messages.server";
import { answerWords } from "./answer-words";
import type { Passage, Topic } from "./corpus.server";
import {
  ACCOUNT_RECORDS,
  ADDRESS_WORDS,
  asksHowToDo,
  asksToChoose,
  asksWhichAt,
  has,
  MEANS,
  MINE,
  namesSiteThing,
  OFF_TOPIC,
  OFF_TOPIC_SOUNDS,
  PLACE_WORDS,
  PLAN_WORDS,
  planOf,
  PRICE_WORDS,
  WHERE_WORDS,
  WHO_WORDS,
} from "./lexicon";
import { followUpsFrom } from "./starters";
import { type HelpSource, localized, quote, sourceOf } from "./quote.server";
import { type HelpIndex, keysOf, loanKeyOf } from "./search-index.server";
import { loanKey, romanize } from "./sounds";
import { englishKey, hindiKey, isDevanagari, isSubjectWord, words } from "./text";

export { type HelpSource, pageOf } from "./quote.server";

export interface HelpAnswer {
  kind: "answer" | "none";
  text: string;
  sources: HelpSource[];
  followUps: string[];
  topic: Topic | "other";
  /** Why an answer is "none": the site does not say, the question is about the asker's account, or it is outside the help desk. */
  reason?: "unknown" | "account" | "off-topic";
}

function followUpsFor(topic: string, lang: Locale, asked = ""): string[] {
  return followUpsFrom(messagesFor(lang).chat.starters, topic, asked);
}

// ---------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------

function none(lang: Locale, reason: NonNullable<HelpAnswer["reason"]>, topic: HelpAnswer["topic"]): HelpAnswer {
  const words = answerWords[lang];
  return { kind: "none", text: reason === "account" ? words.account : words.none, sources: [], followUps: followUpsFor(topic, lang), topic, reason };
}

function priceAnswer(plan: (typeof plans)[number] | undefined, lang: Locale, index: HelpIndex, question: string): HelpAnswer {
  const words = answerWords[lang];
  const rupees = (amount: number) => formatRupees(amount, INTL_LOCALE[lang]);
  const pricingPassage = (id: string) => index.passages.find((p) => p.id === id)!;
  if (plan) {
    const passage = pricingPassage(`/pricing#plan-${plan.id}`);
    const name = passage.heading[lang].replace(/ plan$| प्लान$/, "");
    const text = [
      fill(words.planPrice, {
        plan: name,
        monthly: rupees(priceFor(plan, "monthly")),
        yearly: rupees(priceFor(plan, "yearly")),
        discount: String(Math.round(YEARLY_DISCOUNT * 100)),
      }),
      plan.isComingSoon ? words.notOnSale : "",
    ]
      .filter(Boolean)
      .join(" ");
    return { kind: "answer", text, sources: [sourceOf(passage, lang)], followUps: followUpsFor("pricing", lang, question), topic: "pricing" };
  }
  const names = index.passages
    .filter((p) => p.plan)
    .map((p) => {
      const planOfPassage = plans.find((candidate) => candidate.id === p.plan)!;
      return `${p.heading[lang].replace(/ plan$| प्लान$/, "")} ${rupees(priceFor(planOfPassage, "monthly"))}`;
    });
  const text = `${fill(words.allPlans, { plans: names.join(", "), discount: Math.round(YEARLY_DISCOUNT * 100) })} ${words.notOnSale}`;
  return {
    kind: "answer",
    text,
    sources: [{ url: localized("/pricing", lang), title: pricingPassage(`/pricing#plan-${plans[0]!.id}`).page[lang] }],
    followUps: followUpsFor("pricing", lang, question),
    topic: "pricing",
  };
}

/**
 * What the site says about itself outranks what its blog explains in general
 * (a question about data is about our data before it is about training data),
 * and the policy that governs outranks a marketing page's summary of it.
 */
const PRIOR: Partial<Record<Topic, number>> = { blog: 0.6, privacy: 1.3, cookies: 1.3, billing: 1.3, account: 1.3 };

/** A policy's introduction summarises what its sections say: the section that says it outranks it. */
const INTRO_PRIOR = 0.9;
const isPolicyIntro = (passage: Passage) => passage.id.endsWith("#intro") && /^\/(privacy|terms|cookie-policy|license)$/.test(passage.path);

/** Who-questions are about people: the company's pages (the team, the story) first. */
const PEOPLE_PRIOR = 1.5;

/** A word in at most this many passages, with a meaning in the lexicon, is a loanword the pages mostly say otherwise: its meaning weighs fully. */
const RARE = 1;

/** A plan's card when the question names another plan. */
const OTHER_PLAN_PRIOR = 0.5;

/** Above this share of passages, a word tells too little to be the only one a passage matched. */
const COMMON = 0.25;

/**
 * The question without markup: a `<script>…</script>` or `<style>…</style>` element whole, any other tag
 * alone. Pasted or typed HTML is not the visitor's words ("<script>alert(1)</script> how much is pricing?"
 * is a pricing question, not one about scripts).
 */
function withoutMarkup(question: string): string {
  return question.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ").replace(/<\/?[a-z][^<>]*>/gi, " ");
}

export function answerQuestion(index: HelpIndex, question: string, lang: Locale): HelpAnswer {
  const all = words(withoutMarkup(question));
  const subject = all.filter(isSubjectWord);
  if (subject.length === 0) return none(lang, "unknown", "other");

  // 1. The asker's own records.
  if (all.some((w) => MINE.has(w)) && subject.some((w) => ACCOUNT_RECORDS.has(w))) return none(lang, "account", "account");

  // 2. Out of scope, whatever the pages contain; in Devanagari too, for a word that sounds like none
  // of the pages' English words (करेक्ट is "correct", which the privacy page says, not "cricket").
  const offTopicLoan = (w: string) => {
    const key = isDevanagari(w) ? loanKey(romanize(w), { english: false }) : "";
    return OFF_TOPIC_SOUNDS.has(key) && index.search.search(w).length === 0 && index.passagesWith(loanKeyOf(w)) === 0;
  };
  if (subject.some((w) => OFF_TOPIC.has(w) || OFF_TOPIC.has(englishKey(w)) || offTopicLoan(w))) return none(lang, "off-topic", "other");

  // How to do, or which to choose, something this site neither does nor offers (an exam, a phone).
  // (The product's own name counts: it is left out of the subject words.)
  const howTo = asksHowToDo(all);
  if ((howTo || asksToChoose(all)) && !namesSiteThing(all)) return none(lang, "off-topic", "other");

  // 3. Prices, filled in.
  const plan = planOf(subject);
  const priceWords = subject.filter((w) => has(PRICE_WORDS, w));
  const rest = subject.filter((w) => !has(PRICE_WORDS, w) && !has(PLAN_WORDS, w));
  if (plan && rest.every((w) => planOf([w]) || has(PLAN_WORDS, w))) return priceAnswer(plan, lang, index, question);
  if (plan && priceWords.length > 0) return priceAnswer(plan, lang, index, question);
  if (!plan && priceWords.length > 0 && rest.length === 0) return priceAnswer(undefined, lang, index, question);

  // 4. The company's address and email: what the terms page prints (site.ts, formatAddress).
  const bare = subject.filter((w) => !PLACE_WORDS.has(w) && !ADDRESS_WORDS.has(w) && !ADDRESS_WORDS.has(englishKey(w)));
  if (
    bare.length === 0 &&
    (subject.some((w) => ADDRESS_WORDS.has(w) || ADDRESS_WORDS.has(englishKey(w))) ||
      (all.some((w) => WHERE_WORDS.has(hindiKey(w))) && subject.some((w) => PLACE_WORDS.has(w))))
  ) {
    const passage = index.passages.find((p) => p.id === "/terms#terms-contact")!;
    return {
      kind: "answer",
      text: passage.text[lang],
      sources: [sourceOf(passage, lang)],
      followUps: followUpsFor("company", lang, question),
      topic: "company",
    };
  }

  // 5. Search: the subject words and what they mean.
  const meanings = (word: string) => (MEANS.get(word) ?? MEANS.get(isDevanagari(word) ? hindiKey(word) : englishKey(word)) ?? "").split(" ").filter(Boolean);
  // How many passages hold each word (one search per word, used twice below).
  const passagesHolding = new Map(subject.map((w) => [w, index.search.search(w).length]));
  // An English word in Devanagari that the Hindi pages say in Hindi words ("सिक्योरिटी" where they
  // say "सुरक्षा"): found where the English twin has the word that sounds the same ("security").
  const loans = new Map(
    subject.flatMap((w) => {
      const key = meanings(w).length === 0 && passagesHolding.get(w) === 0 ? loanKeyOf(w) : "";
      return key && index.passagesWith(key) > 0 ? [[w, key] as const] : [];
    }),
  );
  const keysWithLoan = (w: string) => {
    const loan = loans.get(w);
    return loan ? [...keysOf(w), loan] : keysOf(w);
  };
  const keysByWord = new Map(subject.map((w) => [w, new Set([...keysWithLoan(w), ...meanings(w).flatMap(keysOf)])]));
  const asked = [...subject, ...all.flatMap((w, i) => (asksWhichAt(all, i) ? [] : meanings(w)))];
  // A word the site never or rarely uses stands for its meaning ("वॉच" is "watch"): its meaning weighs as the word would.
  const ownKeys = new Set(
    subject.flatMap((w) => (meanings(w).length > 0 && passagesHolding.get(w)! <= RARE ? [...keysOf(w), ...meanings(w).flatMap(keysOf)] : keysWithLoan(w))),
  );
  // A question about people ("who", "kaun", "किसने") is about the company's pages before its policies.
  const aboutPeople = all.some((w, i) => WHO_WORDS.has(w) && !asksWhichAt(all, i));
  const found = index.search.search(asked.join(" "), {
    processTerm: keysWithLoan,
    boostDocument: (id) => {
      const passage = index.passages[id as number]!;
      // A question that names a plan is about that plan's card, not the cards that build on it ("everything in Free").
      if (plan && passage.plan && passage.plan !== plan.id) return OTHER_PLAN_PRIOR;
      // A question about people is not about a policy: the company's pages lead instead.
      if (aboutPeople) return passage.topic === "company" ? PEOPLE_PRIOR : passage.topic === "blog" ? (PRIOR.blog ?? 1) : 1;
      return (PRIOR[passage.topic] ?? 1) * (isPolicyIntro(passage) ? INTRO_PRIOR : 1);
    },
    // A meaning helps find the place; the asker's own words weigh more.
    boostTerm: (term) => (ownKeys.has(term) ? 1 : 0.4),
  });
  const covered = (result: (typeof found)[number]) => {
    const matched = new Set(result.queryTerms);
    return subject.filter((w) => [...keysByWord.get(w)!].some((key) => matched.has(key)));
  };
  // The cookie table answers only a question about cookies (corpus.server.ts, `askedAbout`).
  const relevant = found.filter((r) => {
    const passage = index.passages[r.id as number]!;
    return !passage.askedAbout || subject.some((w) => has(passage.askedAbout!, w));
  });
  // An account page's section answers "how do I …" (turn on two-factor); "can you see my password" is the
  // privacy policy's. Asked anything else, the section answers only when the words it holds say more than
  // any other leading passage's, a rare word counting for more ("which authenticator app can I use?":
  // only the two-factor section names the apps; "use" is on a fifth of the pages).
  const weight = (result: (typeof found)[number]) => covered(result).reduce((sum, w) => sum + 1 / Math.max(1, passagesHolding.get(w)!), 0);
  const elsewhere = relevant.filter((r) => !index.passages[r.id as number]!.doneHere);
  const bestHere = relevant.find((r) => index.passages[r.id as number]!.doneHere);
  const hereSaysMore = bestHere !== undefined && weight(bestHere) > Math.max(0, ...elsewhere.slice(0, 5).map(weight));
  const results = howTo ? relevant : hereSaysMore ? [bestHere] : elsewhere;
  const unknown = subject.filter((w) => meanings(w).length === 0 && passagesHolding.get(w) === 0 && !loans.has(w));
  if (results.length === 0 || unknown.length * 3 >= subject.length) return none(lang, "unknown", "other");

  // Among the leading passages, the one that holds most of the question's words.
  const leading = results.filter((r) => r.score >= results[0]!.score * 0.6).slice(0, 5);
  const top = leading.map((r) => ({ r, n: covered(r).length })).sort((a, b) => b.n - a.n || b.r.score - a.r.score)[0]!.r;
  const topCovered = covered(top);
  // A word known only by its sound is known only where the quoted passage says it: elsewhere it was
  // a chance likeness ("इंस्टाग्राम" is on the community page, not in the terms on accounts).
  if ([...loans.keys()].some((w) => !topCovered.includes(w))) return none(lang, "unknown", "other");
  const informative = topCovered.some((w) =>
    [...keysByWord.get(w)!].some((key) => {
      const holding = index.passagesWith(key);
      return holding > 0 && holding <= index.passages.length * COMMON;
    }),
  );
  if (topCovered.length * 2 < subject.length || !informative) return none(lang, "unknown", "other");

  const passage = index.passages[top.id as number]!;
  // A question about the asker's own ("my data") asks what this company does with them; a blog post
  // explains how things are done in general, and answering from it would pass the one for the other.
  if (passage.topic === "blog" && all.some((w) => MINE.has(w))) return none(lang, "unknown", "other");
  // One source: the place the quote is from (a second, weaker one was wrong more often than right).
  const sources = [sourceOf(passage, lang)];
  const questionKeys = new Set([...keysByWord.values()].flatMap((keys) => [...keys]));
  return {
    kind: "answer",
    text: quote(passage, lang, questionKeys),
    sources,
    followUps: followUpsFor(passage.topic, lang, question),
    topic: passage.topic,
  };
}
