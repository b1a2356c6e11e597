import { site } from "~/config/site";
import { decodeCursor, listAudit } from "~/features/admin/audit.server";
import { AuditView } from "~/features/admin/audit-view";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.audit";

export const meta: Route.MetaFunction = () => [{ title: `Audit log | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  const params = new URL(request.url).searchParams;
  const after = decodeCursor(params.get("after"));
  const q = (params.get("q") ?? "").slice(0, 100);
  const page = await listAudit(database.db, after, q);
  return { ...page, paged: Boolean(after), q };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditView entries={loaderData.entries} next={loaderData.next} paged={loaderData.paged} q={loaderData.q} />;
}
