import { data, Form, useLocation } from "react-router";
import { env } from "~/config/env.server";
import { findById, removeEntry, unsubscribeTokenValid } from "~/features/waitlist/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import { waitlistPages } from "~/shared/i18n/catalog/waitlist-pages";
import { type Locale, localeOfRequest } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { useLocalize } from "~/shared/i18n/use-locale";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/waitlist.unsubscribe";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "waitlistPages", waitlistPages).unsubscribe;
  return [...pageMeta(matches, { title: t.title, path: "/waitlist/unsubscribe", description: t.description }), { name: "robots", content: "noindex" }];
};

type State = "listed" | "removed" | "gone" | "invalid";

/** The link's id and signature (an HMAC of the id: no row holds it). */
function linkOf(request: Request): { id: string; valid: boolean } {
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const valid = Boolean(id) && id.length <= 64 && Boolean(token) && token.length <= 64 && unsubscribeTokenValid(env().authSecret, id, token);
  return { id, valid };
}

function answer(locale: Locale, state: State, email: string | null = null) {
  return data({ state, email, i18n: pageMessages(locale, "waitlistPages") }, { status: state === "invalid" ? 400 : 200, headers: NO_STORE });
}

/**
 * The unsubscribe link of every waitlist mail. Opening it shows the address and
 * a "Leave the waitlist" button; it does not remove anything by itself: mail
 * gateways open every link to scan it, and RFC 8058 asks that a GET never
 * unsubscribes (ADR 0028). The button's POST removes the address, as does the
 * mail app's one-click POST (`List-Unsubscribe=One-Click`) to the same address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const link = linkOf(request);
  if (!link.valid) return answer(locale, "invalid");
  const { database } = await appContext(context).services();
  const entry = await findById(database.db, link.id);
  return entry ? answer(locale, "listed", entry.email) : answer(locale, "gone");
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  await readRequestBody(request, { accept: ["urlencoded", "multipart"], limit: 1024 });
  const link = linkOf(request);
  if (!link.valid) return answer(locale, "invalid");
  const { database } = await appContext(context).services();
  return answer(locale, (await removeEntry(database.db, link.id)) ? "removed" : "gone");
}

export default function WaitlistUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // The link's own address (its token or signature) receives the press.
  const location = useLocation();
  const t = useMessages("waitlistPages", waitlistPages);
  const localize = useLocalize();
  const { state, email } = actionData ?? loaderData;
  const title = state === "invalid" ? t.unsubscribe.titleBroken : state === "listed" ? t.unsubscribe.titleListed : t.unsubscribe.titleLeft;
  const [listedBefore = "", listedAfter = ""] = t.unsubscribe.listed.split("{email}");
  return (
    <>
      <PageHeader eyebrow={t.eyebrow} title={title} />
      <section aria-label={t.region} className="py-16 sm:py-20">
        <Container className="max-w-2xl text-center">
          {state === "listed" ? (
            <Form
              method="post"
              action={`${location.pathname}${location.search}`}
              className="rounded-2xl bg-white p-6 text-left shadow-card ring-1 ring-ink-200/70 sm:p-8"
            >
              <p className="text-ink-800">
                {listedBefore}
                <strong>{email}</strong>
                {listedAfter}
              </p>
              <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
                {t.unsubscribe.button}
              </Button>
            </Form>
          ) : (
            <Banner tone={state === "invalid" ? "warning" : "success"} className="text-left">
              {state === "removed" && t.unsubscribe.removed}
              {state === "gone" && t.unsubscribe.gone}
              {state === "invalid" && t.unsubscribe.invalid}
            </Banner>
          )}
          {state !== "listed" && (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {state === "invalid" ? (
                <ButtonLink to={localize("/contact")}>{t.unsubscribe.contactUs}</ButtonLink>
              ) : (
                <ButtonLink to={localize("/waitlist")} variant="secondary">
                  {t.unsubscribe.joinAgain}
                </ButtonLink>
              )}
              <ButtonLink to={localize("/")} variant="secondary">
                {t.home}
              </ButtonLink>
            </div>
          )}
        </Container>
      </section>
    </>
  );
}
