import { data, Form, Link, useLocation } from "react-router";
import { site } from "~/config/site";
import { interestLabelIn } from "~/features/waitlist/interests.server";
import { confirmByToken, lookUpToken } from "~/features/waitlist/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import { waitlistPages } from "~/shared/i18n/catalog/waitlist-pages";
import { type Locale, localeOfRequest } from "~/shared/i18n/locale";
import { fill, messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { useLocalize } from "~/shared/i18n/use-locale";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/waitlist.confirm";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "waitlistPages", waitlistPages).confirm;
  return [...pageMeta(matches, { title: t.title, path: "/waitlist/confirm", description: t.description }), { name: "robots", content: "noindex" }];
};

type State = "pending" | "confirmed" | "already" | "invalid" | "expired";

/** `shown.interest`: the plan or product in the page's language, "" for "Anything". */
function answer(state: State, shown: { email: string; interest: string } | null, locale: Locale) {
  const status = state === "invalid" ? 400 : state === "expired" ? 410 : 200;
  return data({ state, shown, i18n: pageMessages(locale, "waitlistPages") }, { status, headers: NO_STORE });
}

function shownOf(entry: { email: string; interest: string }, locale: Locale) {
  return { email: entry.email, interest: entry.interest ? interestLabelIn(locale, entry.interest) : "" };
}

/**
 * The double opt-in's link (issue 21). Opening it only shows the place and a
 * "Confirm my place" button: mail gateways open every link of a mail to scan
 * it, and a GET that confirmed would confirm addresses nobody vouched for
 * (ADR 0028). The button's POST confirms; it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { database } = await appContext(context).services();
  const state = await lookUpToken(database.db, token, new Date());
  return answer(state.kind, state.kind === "pending" || state.kind === "already" ? shownOf(state.entry, locale) : null, locale);
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  await readRequestBody(request, { accept: ["urlencoded", "multipart"], limit: 1024 });
  const { database } = await appContext(context).services();
  const result = await confirmByToken(database.db, token, new Date());
  return answer(result.kind, result.kind === "confirmed" || result.kind === "already" ? shownOf(result.entry, locale) : null, locale);
}

/** A sentence with the address in bold where `{email}` stands. */
function WithEmail({ template, email, what }: { template: string; email: string; what: string }) {
  const [before = "", after = ""] = template.split("{email}");
  return (
    <>
      {fill(before, { what })}
      <strong>{email}</strong>
      {fill(after, { what })}
    </>
  );
}

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // The link's own address (its token or signature) receives the press.
  const location = useLocation();
  const t = useMessages("waitlistPages", waitlistPages);
  const localize = useLocalize();
  const { state, shown } = actionData ?? loaderData;
  const what = shown ? (shown.interest ? fill(t.confirm.whatInterest, { interest: shown.interest }) : site.productName) : "";
  const title = state === "pending" ? t.confirm.titlePending : state === "confirmed" || state === "already" ? t.confirm.titleListed : t.confirm.titleBroken;
  return (
    <>
      <PageHeader eyebrow={t.eyebrow} title={title} />
      <section aria-label={t.region} className="py-16 sm:py-20">
        <Container className="max-w-2xl text-center">
          {state === "pending" && shown && (
            <Form
              method="post"
              action={`${location.pathname}${location.search}`}
              className="rounded-2xl bg-white p-6 text-left shadow-card ring-1 ring-ink-200/70 sm:p-8"
            >
              <p className="text-ink-800">
                <WithEmail template={t.confirm.pending} email={shown.email} what={what} />
              </p>
              <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
                {t.confirm.button}
              </Button>
            </Form>
          )}
          {(state === "confirmed" || state === "already") && shown && (
            <Banner tone="success" className="text-left">
              <WithEmail template={state === "already" ? t.confirm.already : t.confirm.confirmed} email={shown.email} what={what} />
            </Banner>
          )}
          {(state === "invalid" || state === "expired") && (
            <Banner tone="warning" className="text-left">
              {state === "expired" ? t.confirm.expired : t.confirm.invalid}
            </Banner>
          )}
          {state !== "pending" && (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {state === "confirmed" || state === "already" ? (
                <ButtonLink to={localize("/coming-soon")}>{t.confirm.seeWhatIsComing}</ButtonLink>
              ) : (
                <ButtonLink to={localize("/waitlist")}>{t.confirm.joinWaitlist}</ButtonLink>
              )}
              <ButtonLink to={localize("/")} variant="secondary">
                {t.home}
              </ButtonLink>
            </div>
          )}
          {(state === "confirmed" || state === "already") && (
            <p className="mt-6 text-sm text-ink-600">
              {t.confirm.changedMind}{" "}
              <Link to={localize("/privacy")} className="font-semibold text-brand-700 hover:underline">
                {t.confirm.howWeKeep}
              </Link>
            </p>
          )}
        </Container>
      </section>
    </>
  );
}
