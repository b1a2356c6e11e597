import { Link, useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import { INTERESTS, WaitlistForm } from "~/features/waitlist";
import { joinWaitlist, waitlistAnswer } from "~/features/waitlist/index.server";
import { appContext } from "~/request-context.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/waitlist";

const BACK_LABELS: Record<string, string> = { "/coming-soon": "Back to Coming Soon", "/pricing": "Back to Pricing", "/product": "Back to Products" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Join the waitlist",
    path: "/waitlist",
    description: `Be told when ${site.productName} and its plans launch: one mail to confirm, then only the launch news.`,
  });

/** Every waitlist form posts here: a fetcher reads the answer in place; a plain post shows it on this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  return waitlistAnswer(await joinWaitlist(services, { request, ip: app.clientIp(), viewerEmail: viewer?.email ?? null }));
}

export default function WaitlistPage({ actionData }: Route.ComponentProps) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const back = actionData ? BACK_LABELS[actionData.source] : undefined;
  return (
    <>
      <PageHeader
        eyebrow="Launch list"
        title="Join the waitlist"
        intro={`Everything ${site.productName} makes is still on the way. Leave your address and we will tell you the day your plan or product launches.`}
      />
      <section aria-label="Waitlist" className="py-16 sm:py-20">
        <Container className="max-w-3xl">
          <div className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
            <WaitlistForm interests={INTERESTS} source="/waitlist" viewer={viewer} answer={actionData} />
          </div>
          {back && actionData && (
            <p className="mt-6 text-center text-sm">
              <Link to={actionData.source} className="font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
                {back}
              </Link>
            </p>
          )}
        </Container>
      </section>
    </>
  );
}
