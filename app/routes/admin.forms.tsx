import { data } from "react-router";
import { site } from "~/config/site";
import { saveFormFromPost } from "~/features/admin/forms-admin.server";
import { FormsView } from "~/features/admin/forms-view";
import { listForms } from "~/features/forms/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.forms";

export const meta: Route.MetaFunction = () => [{ title: `Forms | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database, env } = await appContext(context).services();
  return { forms: await listForms(database.db), origin: env.appOrigin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const { database } = await appContext(context).services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false as const, key: "", errors: [body.message] }, { status: body.status });
  const result = await saveFormFromPost(database.db, operator, body.fields);
  return data(result, { status: result.ok ? 200 : 422 });
}

export default function FormsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <FormsView forms={loaderData.forms} origin={loaderData.origin} answer={actionData} />;
}
