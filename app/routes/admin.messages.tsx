import { data } from "react-router";
import { site } from "~/config/site";
import { bulkChange, changeMessageStatus, loadInbox, selectedIds } from "~/features/admin/inbox.server";
import { InboxView } from "~/features/admin/inbox-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.messages";

export const meta: Route.MetaFunction = () => [{ title: `Inbox | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  return loadInbox(database.db, new URL(request.url).searchParams);
}

/** Mark handled / reopen, one message or the selected ones (or delete those): plain form posts (the page's filter stays in the URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const { database } = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false as const, message: body.message }, { status: body.status });
  const intent = textField(body.fields, "intent");
  const result = intent?.startsWith("bulk-")
    ? await bulkChange(database.db, operator, intent, selectedIds(body.fields))
    : await changeMessageStatus(database.db, operator, intent, textField(body.fields, "id"));
  return result.ok ? data({ ok: true as const, message: result.message }) : data({ ok: false as const, message: result.message }, { status: result.status });
}

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxView data={loaderData} notice={actionData?.ok ? actionData.message : undefined} error={actionData && !actionData.ok ? actionData.message : undefined} />;
}
