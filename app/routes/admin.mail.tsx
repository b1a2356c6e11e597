import { data } from "react-router";
import { site } from "~/config/site";
import { retryMail, undeliveredMail } from "~/features/admin/mail.server";
import { MailView } from "~/features/admin/mail-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/admin.mail";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `Mail | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  return undeliveredMail(database.db);
}

/** "Retry now" (audited as mail.retried). */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const s = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false, message: body.message }, { status: body.status });
  const result = await retryMail({ db: s.database.db, outbox: s.outbox }, operator, textField(body.fields, "intent") ?? "", textField(body.fields, "id") ?? "");
  return data({ ok: result.ok, message: result.message }, { status: result.ok ? 200 : result.status });
}

export default function MailPage({ loaderData, actionData }: Route.ComponentProps) {
  return <MailView summary={loaderData} answer={actionData} />;
}
