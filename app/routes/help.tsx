import { data, redirect } from "react-router";
import { site } from "~/config/site";
import { MAX_QUESTION_LENGTH, starterSetOf } from "~/features/help";
import { answerLanguageFor } from "~/features/help";
import { askHelp, helpDepsOf, helpQuestionSchema, type HelpReply, recordHelpFeedback } from "~/features/help/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { NO_STORE } from "~/infra/http/responses";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import { appContext } from "~/request-context.server";
import { chat } from "~/shared/i18n/catalog/chat";
import { localeOfRequest } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { useLocale, useLocalize } from "~/shared/i18n/use-locale";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "chat", chat);
  // An answer page is a search result: shareable, not for search engines.
  return [...pageMeta(matches, { title: t.askTitle, path: "/help", description: t.askHint }), { name: "robots", content: "noindex" }];
};

type Problem = "too-long" | "rate-limited" | null;

/**
 * GET /help?q=… and /hi/help?q=… (contract): Ask Tuesday's answer as a page,
 * without JavaScript: the help widget's form lands here before or without
 * scripts, and an answer has an address to share. `rated` marks the page a
 * thumb leads back to (the question is not counted twice).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  const q = url.searchParams.get("q") ?? "";
  const rated = url.searchParams.get("rated");
  const base = { q, rated: rated === "up" || rated === "down" ? (rated as "up" | "down") : null, reply: null as HelpReply | null, problem: null as Problem };
  if (q.trim() === "") return data(base, { headers: NO_STORE });
  const parsed = helpQuestionSchema.safeParse({ q, lang: locale });
  if (!parsed.success) return data({ ...base, problem: "too-long" as const }, { status: 422, headers: NO_STORE });
  const app = appContext(context);
  const services = await app.services();
  // A page a thumb led back to answers again too: it shares the budget.
  const decision = await services.limiter.consume(checksFor(RULES.help, app.clientIp()));
  if (!decision.allowed)
    return data({ ...base, problem: "rate-limited" as const }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(decision.retryAfterS) } });
  // A page a thumb led back to shows the same answer without counting (or logging) the question again.
  const reply = await askHelp({ ...helpDepsOf(services), count: !base.rated }, parsed.data.q, answerLanguageFor(parsed.data.q, locale));
  return data({ ...base, reply }, { headers: NO_STORE });
}

/** The thumbs, as a form that posts (no JavaScript needed); back to the answer, marked rated. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const services = await app.services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  const fields = body.ok ? body.fields : {};
  const q = typeof fields.q === "string" ? fields.q.slice(0, MAX_QUESTION_LENGTH) : "";
  const helpful = fields.helpful === "up";
  const decision = await services.limiter.consume(checksFor(RULES.help, app.clientIp()));
  if (decision.allowed && typeof fields.answerId === "string") {
    await recordHelpFeedback(helpDepsOf(services), fields.answerId, helpful, app.clientIp());
  }
  const path = new URL(request.url).pathname;
  return redirect(`${path}?q=${encodeURIComponent(q)}&rated=${helpful ? "up" : "down"}`, { headers: NO_STORE });
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const t = useMessages("chat", chat);
  const localize = useLocalize();
  const { q, reply, problem, rated } = loaderData;
  const helpPath = localize("/help");
  const starters = t.starters[starterSetOf("/")];
  return (
    <>
      <PageHeader eyebrow={site.productName} title={t.askTitle} intro={t.askHint} />
      <section className="py-12 sm:py-16">
        <Container className="max-w-2xl">
          <form method="get" action={helpPath} role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="flex-1 text-sm font-semibold text-ink-800">
              {t.askLabel}
              <input
                name="q"
                type="search"
                defaultValue={q}
                maxLength={MAX_QUESTION_LENGTH}
                required
                placeholder={t.askPlaceholder}
                className="mt-1.5 block w-full rounded-xl border-0 bg-white px-4 py-3 text-base text-ink-950 ring-1 ring-ink-300 placeholder:text-ink-500 focus:ring-2 focus:ring-brand-600"
              />
            </label>
            <button type="submit" className="rounded-xl bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
              {t.askSubmit}
            </button>
          </form>

          {problem === "too-long" && (
            <div className="mt-6">
              <Banner tone="error">{t.tooLong}</Banner>
            </div>
          )}
          {problem === "rate-limited" && (
            <div className="mt-6">
              <Banner tone="error">{t.rateLimited}</Banner>
            </div>
          )}

          {reply ? (
            <HelpAnswerView reply={reply} q={q} rated={rated} helpPath={helpPath} />
          ) : (
            !problem && (
              <nav aria-label={t.followUps} className="mt-8">
                <QuestionLinks questions={starters} helpPath={helpPath} />
              </nav>
            )
          )}
        </Container>
      </section>
    </>
  );
}

/** Questions to ask next, each a link to its answer page. */
function QuestionLinks({ questions, helpPath, className }: { questions: readonly string[]; helpPath: string; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {questions.map((question) => (
        <li key={question}>
          <a
            href={`${helpPath}?q=${encodeURIComponent(question)}`}
            className="inline-block rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
          >
            {question}
          </a>
        </li>
      ))}
    </ul>
  );
}

function HelpAnswerView({ reply, q, rated, helpPath }: { reply: HelpReply; q: string; rated: "up" | "down" | null; helpPath: string }) {
  const t = useMessages("chat", chat);
  const localize = useLocalize();
  const locale = useLocale();
  // The answer's language where it is not the page's.
  const own = reply.lang === locale ? undefined : reply.lang;
  return (
    <section
      aria-labelledby="help-answer"
      className="mt-8 rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-200"
      data-testid="help-answer"
      data-kind={reply.kind}
    >
      <h2 id="help-answer" className="text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {t.answerLabel}
      </h2>
      {/* The answer's own words in their language (a question in Devanagari is answered in Hindi on any page). */}
      <p lang={own} className="mt-2 text-lg leading-relaxed text-ink-950">
        {reply.text}
      </p>
      {reply.sources.length > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-ink-700">{t.sources}</h3>
          <ul lang={own} className="mt-2 space-y-1.5">
            {reply.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2">
                  <Icon name="file-text" className="size-4" />
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reply.kind === "none" && (
        <p className="mt-5 flex flex-wrap gap-3">
          <a href={reply.contactUrl} className="rounded-xl bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            {t.writeToTeam}
          </a>
          <a
            href={localize(site.chatWidget.supportPage.href)}
            className="rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            {t.supportPage}
          </a>
        </p>
      )}
      {reply.followUps.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-ink-700">{t.followUps}</h3>
          <div lang={own}>
            <QuestionLinks questions={reply.followUps} helpPath={helpPath} className="mt-2" />
          </div>
        </div>
      )}
      {rated ? (
        <p role="status" className="mt-6 text-sm font-medium text-emerald-800">
          {t.thanks}
        </p>
      ) : (
        <form method="post" className="mt-6 flex items-center gap-2">
          <input type="hidden" name="q" value={q} />
          <input type="hidden" name="answerId" value={reply.answerId} />
          <button
            type="submit"
            name="helpful"
            value="up"
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-ink-800 ring-1 ring-ink-300 hover:bg-ink-50"
          >
            <Icon name="thumbs-up" className="size-4" />
            {t.helpful}
          </button>
          <button
            type="submit"
            name="helpful"
            value="down"
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-ink-800 ring-1 ring-ink-300 hover:bg-ink-50"
          >
            <Icon name="thumbs-down" className="size-4" />
            {t.notHelpful}
          </button>
        </form>
      )}
    </section>
  );
}
