import { data } from "react-router";
import { site } from "~/config/site";
import { saveFormFromPost, webhookAction } from "~/features/admin/forms-admin.server";
import { FormsView } from "~/features/admin/forms-view";
import { listForms } from "~/features/forms/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { toIso } from "~/infra/db/time";
import { recentDeliveries } from "~/infra/webhooks/webhook-queue.server";
import { appContext, requireOperator } from "~/request-context.server";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/admin.forms";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `Forms | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database, env } = await appContext(context).services();
  const forms = await listForms(database.db);
  // Each webhook's last deliveries, for the "did it arrive?" question and the Redeliver button.
  const deliveries = Object.fromEntries(
    await Promise.all(
      forms.map(async (form) => [
        form.key,
        (await recentDeliveries(database.db, form.key)).map((d) => ({
          id: d.id,
          messageId: d.message_id,
          at: toIso(d.created_at) ?? "",
          status: d.status,
          attempts: d.attempts,
          lastStatus: d.last_status,
          lastError: d.last_error,
          deliveredAt: toIso(d.delivered_at),
        })),
      ]),
    ),
  );
  return { forms, deliveries, origin: env.appOrigin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const { database, webhooks } = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false as const, key: "", errors: [body.message] }, { status: body.status });
  const intent = body.fields.intent;
  const result =
    intent === "redeliver" || intent === "rotate-secret"
      ? await webhookAction({ db: database.db, webhooks }, operator, body.fields)
      : await saveFormFromPost(database.db, operator, body.fields);
  return data(result, { status: result.ok ? 200 : 422 });
}

export default function FormsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <FormsView forms={loaderData.forms} deliveries={loaderData.deliveries} origin={loaderData.origin} answer={actionData} />;
}
