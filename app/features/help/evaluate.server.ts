/**
 * Ask Tuesday's evaluation (issue 41), over eval/help/questions.json: the
 * figures `npm run eval:help` prints and the ADR records. A question asked on
 * a Hindi page is answered in Hindi, on an English page in English.
 */
import { formatRupees, plans, priceFor } from "~/features/pricing";
import { INTL_LOCALE, type Locale } from "~/shared/i18n/locale";
import { answerQuestion, type HelpAnswer, pageOf } from "./answer.server";
import type { HelpIndex } from "./search-index.server";

export interface EvalQuestion {
  id: string;
  split: "dev" | "test";
  lang: "en" | "hi" | "hinglish";
  page: string;
  q: string;
  answerable: boolean;
  sources?: string[];
  price?: { plan: string; billing: "monthly" | "yearly" };
}

export interface EvalOutcome {
  question: EvalQuestion;
  answer: HelpAnswer;
  firstSourceRight: boolean;
  rightSources: number;
  priceExact?: boolean;
}

export interface EvalFigures {
  answerable: number;
  unanswerable: number;
  /** Answerable questions whose first source is an acceptable page. */
  firstSourceRight: number;
  /** Shown sources that are acceptable, over every shown source (unanswerable questions' sources are all wrong). */
  citationPrecision: number;
  /** Unanswerable questions answered "none". */
  declined: number;
  /** Answerable questions answered "none". */
  wrongDeclines: number;
  /** Price questions whose answer holds the pricing page's monthly and yearly figures. */
  pricesExact: string;
}

export function languageOfPage(page: string): Locale {
  return /^\/hi(\/|$)/.test(page) ? "hi" : "en";
}

export function evaluate(index: HelpIndex, questions: EvalQuestion[]): EvalOutcome[] {
  return questions.map((question) => {
    const lang = languageOfPage(question.page);
    const answer = answerQuestion(index, question.q, lang);
    const acceptable = new Set(question.sources ?? []);
    const right = answer.sources.filter((s) => acceptable.has(pageOf(s.url)));
    const outcome: EvalOutcome = {
      question,
      answer,
      firstSourceRight: answer.kind === "answer" && answer.sources[0] !== undefined && acceptable.has(pageOf(answer.sources[0].url)),
      rightSources: right.length,
    };
    if (question.price) {
      const plan = plans.find((p) => p.id === question.price!.plan)!;
      const money = (billing: "monthly" | "yearly") => formatRupees(priceFor(plan, billing), INTL_LOCALE[lang]);
      outcome.priceExact = answer.text.includes(money("monthly")) && answer.text.includes(money("yearly"));
    }
    return outcome;
  });
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export function figures(outcomes: EvalOutcome[]): EvalFigures {
  const answerable = outcomes.filter((o) => o.question.answerable);
  const unanswerable = outcomes.filter((o) => !o.question.answerable);
  const shown = outcomes.reduce((n, o) => n + o.answer.sources.length, 0);
  const right = answerable.reduce((n, o) => n + o.rightSources, 0);
  const priced = outcomes.filter((o) => o.priceExact !== undefined);
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    firstSourceRight: share(answerable.filter((o) => o.firstSourceRight).length, answerable.length),
    citationPrecision: share(right, shown),
    declined: share(unanswerable.filter((o) => o.answer.kind === "none").length, unanswerable.length),
    wrongDeclines: share(answerable.filter((o) => o.answer.kind === "none").length, answerable.length),
    pricesExact: `${priced.filter((o) => o.priceExact).length}/${priced.length}`,
  };
}
