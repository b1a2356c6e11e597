import { Link, useRouteLoaderData } from "react-router";
import { WaitlistForm } from "~/features/waitlist";
import { interestsIn } from "~/features/waitlist/interests.server";
import { joinWaitlist, waitlistAnswer } from "~/features/waitlist/index.server";
import { appContext } from "~/request-context.server";
import type { loader as rootLoader } from "~/root";
import { waitlistPages } from "~/shared/i18n/catalog/waitlist-pages";
import { localeOfRequest } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { useLocalize } from "~/shared/i18n/use-locale";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/waitlist";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

/** The pages a plain post may come back from, and their link's words. */
const BACK_LABELS: Record<string, keyof typeof waitlistPages.join.back> = { "/coming-soon": "comingSoon", "/pricing": "pricing", "/product": "product" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "waitlistPages", waitlistPages).join;
  return pageMeta(matches, { title: t.title, path: "/waitlist", description: t.description });
};

/** The choices and the page's words in its language. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return { interests: interestsIn(locale, "all"), i18n: pageMessages(locale, "waitlistPages", "waitlist") };
}

/** Every waitlist form posts here (in its page's language): a fetcher reads the answer in place; a plain post shows it on this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  const locale = localeOfRequest(request);
  return waitlistAnswer(await joinWaitlist(services, { request, ip: app.clientIp(), viewerEmail: viewer?.email ?? null, locale }), locale);
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const t = useMessages("waitlistPages", waitlistPages);
  const localize = useLocalize();
  const backKey = actionData ? BACK_LABELS[actionData.source] : undefined;
  const back = backKey ? t.join.back[backKey] : undefined;
  return (
    <>
      <PageHeader eyebrow={t.eyebrow} title={t.join.title} intro={t.join.intro} />
      <section aria-label={t.region} className="py-16 sm:py-20">
        <Container className="max-w-3xl">
          <div className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
            <WaitlistForm interests={loaderData.interests} source="/waitlist" viewer={viewer} answer={actionData} />
          </div>
          {back && actionData && (
            <p className="mt-6 text-center text-sm">
              <Link to={localize(actionData.source)} className="font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
                {back}
              </Link>
            </p>
          )}
        </Container>
      </section>
    </>
  );
}
