import { site } from "~/config/site";
import { AnalyticsView, daysFromSearch } from "~/features/analytics/analytics-view";
import { analyticsSummary } from "~/features/analytics/index.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.analytics";

/**
 * /admin/analytics (a child of the operator console's layout, routes/admin.tsx):
 * page views and Core Web Vitals per route over the last 7 or 30 days
 * (`?days=7|30`). Operators only; a 404 for everyone else.
 */
export const meta: Route.MetaFunction = () => [{ title: `Analytics | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  const days = daysFromSearch(new URL(request.url).searchParams);
  return { summary: await analyticsSummary(database.db, { days, now: new Date() }) };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsView summary={loaderData.summary} />;
}
