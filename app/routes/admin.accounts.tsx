import { site } from "~/config/site";
import { accountStats, searchAccounts } from "~/features/admin/accounts.server";
import { AccountsView } from "~/features/admin/accounts-view";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.accounts";

export const meta: Route.MetaFunction = () => [{ title: `Accounts | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  const params = new URL(request.url).searchParams;
  const window = params.get("days") === "90" ? 90 : 30;
  const query = (params.get("q") ?? "").slice(0, 254);
  const [stats, accounts] = await Promise.all([accountStats(database.db, window), searchAccounts(database.db, query)]);
  return { stats, window, query, accounts } as const;
}

export default function AccountsPage({ loaderData }: Route.ComponentProps) {
  return <AccountsView {...loaderData} />;
}
