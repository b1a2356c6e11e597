import { data } from "react-router";
import { site } from "~/config/site";
import { bulkChange, changeMessageStatus, loadInbox, replyToMessage, selectedIds, viewIds } from "~/features/admin/inbox.server";
import { InboxView } from "~/features/admin/inbox-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/admin.messages";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `Inbox | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  return loadInbox(database.db, new URL(request.url).searchParams);
}

/** What the page is told after a post; a failed reply names its message and gives back what was typed. */
type InboxAnswer = { ok: true; message: string } | { ok: false; message: string; replyTo?: string; field?: string; body?: string };

/** Mark handled / reopen, one message or the selected ones (or delete those): plain form posts (the page's filter stays in the URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const { database } = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<InboxAnswer>({ ok: false, message: body.message }, { status: body.status });
  const intent = textField(body.fields, "intent");
  if (intent === "reply") {
    const { outbox } = await appContext(context).services();
    const id = textField(body.fields, "id");
    const replied = await replyToMessage({ db: database.db, outbox }, operator, id, textField(body.fields, "body"));
    return replied.ok
      ? data<InboxAnswer>({ ok: true, message: replied.message })
      : data<InboxAnswer>(
          { ok: false, message: replied.message, replyTo: id, field: replied.field, body: textField(body.fields, "body") ?? "" },
          { status: replied.status },
        );
  }
  // "All of them": every message of the view the page shows (its filter is the URL the form posts to), not only this page's.
  const everyOne = textField(body.fields, "scope") === "view";
  const result = intent?.startsWith("bulk-")
    ? await bulkChange(database.db, operator, intent, everyOne ? await viewIds(database.db, new URL(request.url).searchParams) : selectedIds(body.fields))
    : await changeMessageStatus(database.db, operator, intent, textField(body.fields, "id"));
  return result.ok
    ? data<InboxAnswer>({ ok: true, message: result.message })
    : data<InboxAnswer>({ ok: false, message: result.message }, { status: result.status });
}

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer =
    actionData && !actionData.ok && actionData.replyTo ? { replyTo: actionData.replyTo, error: actionData.message, body: actionData.body } : undefined;
  return (
    <InboxView
      data={loaderData}
      notice={actionData?.ok ? actionData.message : undefined}
      error={actionData && !actionData.ok ? actionData.message : undefined}
      answer={answer}
    />
  );
}
