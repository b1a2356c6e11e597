/**
 * Ask Tuesday's server API (issue 41): ask a question, count a thumb, read the
 * console's counters. Questions are answered from memory (answer.server.ts);
 * what is stored is counters, and the redacted unanswered log where the
 * operator switched it on.
 */
import type { Logger } from "pino";
import { z } from "zod";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { LOCALES, type Locale } from "~/shared/i18n/locale";
import { limiterKey } from "~/infra/http/client-address.server";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { answerIdOf, readAnswerId } from "./answer-id.server";
import { answerQuestion, type HelpAnswer, pageOf } from "./answer.server";
import { countHelp, logUnanswered } from "./help-store.server";
import { helpIndex } from "./search-index.server";
import { MAX_QUESTION_LENGTH } from "./limits";
import { scriptLanguage } from "./text";

export { helpSummary, type HelpSummary, unansweredLines } from "./help-store.server";
export { helpIndex } from "./search-index.server";
export { readHelpApiRequest } from "./help-api.server";

/** POST /api/help/ask and GET /help (contract): a question of 1 to 500 characters; `lang` defaults to its script. */
export const helpQuestionSchema = z.object({
  q: z.string().trim().min(1, "REQUIRED").max(MAX_QUESTION_LENGTH, "TOO_LONG"),
  lang: z.enum(["en", "hi"]).optional(),
});

/** POST /api/help/feedback: a thumb for an answer. */
export const helpFeedbackSchema = z.object({
  answerId: z.string().min(1).max(500),
  helpful: z.union([z.boolean(), z.enum(["true", "false", "up", "down", "1", "0"]).transform((v) => v === "true" || v === "up" || v === "1")]),
});

/**
 * What POST /api/help/ask answers (HelpReply): the OpenAPI document's
 * `HelpAnswer` is generated from it; `ReplyFitsSchema` below fails to compile
 * when HelpReply grows a field or a value the schema does not allow.
 */
export const helpReplySchema = z.strictObject({
  kind: z.enum(["answer", "none"]),
  text: z.string().min(1),
  sources: z.array(z.strictObject({ url: z.string().regex(/^\//), title: z.string() })),
  answerId: z.string(),
  followUps: z.array(z.string()).max(3),
  topic: z.string(),
  reason: z.enum(["unknown", "account", "off-topic"]).optional(),
  lang: z.enum(LOCALES),
  contactUrl: z.string().regex(/^\/(hi\/)?contact\?message=/),
});

type Assert<T extends true> = T;
/** Compile-time: every reply askHelp builds is one the schema describes. */
type Reply = z.output<typeof helpReplySchema>;
export type ReplyFitsSchema = [
  Assert<[HelpReply] extends [Reply] ? true : false>,
  Assert<[keyof HelpReply] extends [keyof Reply] ? ([keyof Reply] extends [keyof HelpReply] ? true : false) : false>,
];

export interface HelpDeps {
  database: DatabaseHandle;
  /** Signs answer ids (the auth secret). */
  secret: string;
  /** HELP_LOG_UNANSWERED */
  logUnanswered: boolean;
  log: Logger;
  /** Remembers whose thumbs were counted today (one per client, topic and page). */
  limiter: RateLimiter;
  /** False on a page a thumb led back to: the question was counted when first asked. */
  count?: boolean;
}

/** The help feature's dependencies, from the app's services (the routes' one way to build them). */
export function helpDepsOf(services: {
  database: DatabaseHandle;
  log: Logger;
  limiter: RateLimiter;
  env: { authSecret: string; helpLogUnanswered: boolean };
}): HelpDeps {
  return {
    database: services.database,
    secret: services.env.authSecret,
    logUnanswered: services.env.helpLogUnanswered,
    log: services.log,
    limiter: services.limiter,
  };
}

export interface HelpReply extends HelpAnswer {
  answerId: string;
  lang: Locale;
  /** The contact page with the question already in the message. */
  contactUrl: string;
}

export async function askHelp(deps: HelpDeps, question: string, lang: Locale | undefined): Promise<HelpReply> {
  const language = lang ?? scriptLanguage(question);
  const answer = answerQuestion(helpIndex(), question, language);
  const source = answer.sources[0] ? pageOf(answer.sources[0].url) : "";
  if (deps.count !== false)
    try {
      await countHelp(deps.database, { topic: answer.topic, metric: answer.kind === "answer" ? "answered" : "none" });
      if (answer.kind === "none" && deps.logUnanswered) await logUnanswered(deps.database, { question, lang: language, reason: answer.reason ?? "unknown" });
    } catch (error) {
      // Counting is not answering: the visitor still gets the answer. The question is not logged.
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, "help: the counters could not be written");
    }
  const contact = `${language === "hi" ? "/hi" : ""}/contact?message=${encodeURIComponent(question)}`;
  return { ...answer, lang: language, answerId: answerIdOf({ topic: answer.topic, source }, deps.secret), contactUrl: contact };
}

/**
 * Counts a thumb against the answer's topic and source: one per client (an
 * IPv4 address, an IPv6 /64), topic and page a day, so that asking again for
 * fresh answer ids buys no more votes. A thumb past that is taken (true) and
 * not counted. False when the id is not one we gave, or is older than yesterday.
 */
export async function recordHelpFeedback(deps: HelpDeps, answerId: string, helpful: boolean, client: string): Promise<boolean> {
  const stamp = readAnswerId(answerId, deps.secret);
  if (!stamp) return false;
  const mark = `help-thumb:${limiterKey(client)}:${stamp.topic}:${stamp.source}`;
  const first = await deps.limiter.consume([{ key: mark, limit: { max: 1, windowMs: 86_400_000 } }]);
  if (first.allowed) await countHelp(deps.database, { topic: stamp.topic, metric: helpful ? "up" : "down", source: stamp.source });
  return true;
}
