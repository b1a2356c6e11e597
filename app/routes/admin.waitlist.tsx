import { data } from "react-router";
import { site } from "~/config/site";
import { loadWaitlist, parseWaitlistQuery, removeFromWaitlist } from "~/features/admin/waitlist-admin.server";
import { WaitlistView } from "~/features/admin/waitlist-view";
import { readRequestBody } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/admin.waitlist";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `Waitlist | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  const query = parseWaitlistQuery(new URL(request.url).searchParams);
  return { data: await loadWaitlist(database.db, query), query };
}

/** Remove an address (a person asked, by mail or through the contact form): audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const { database } = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false as const, status: 400 as const, message: body.message }, { status: body.status });
  const result = await removeFromWaitlist(database.db, operator, body.fields.intent, body.fields.id);
  return data(result, { status: result.ok ? 200 : result.status });
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  return <WaitlistView data={loaderData.data} query={loaderData.query} answer={actionData} />;
}
