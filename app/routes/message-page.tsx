import { useLocation, useRouteLoaderData } from "react-router";
import { FORM_COPY } from "~/features/forms/form-copy";
import { submitThroughServer } from "~/features/forms/form-client";
import { handleFormPageAction } from "~/features/forms/form-handlers.server";
import { FormPageBody } from "~/features/forms/form-page";
import type { FormKind } from "~/features/forms/form-schema";
import { appContext } from "~/request-context.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/message-page";

/** /feedback and /contact (routes.ts mounts this module at both): which one is this? */
function kindOf(pathname: string): FormKind {
  return pathname.replace(/\.data$/, "").replace(/\/+$/, "") === "/contact" ? "contact" : "feedback";
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const kind = kindOf(location.pathname);
  return pageMeta(matches, { title: FORM_COPY[kind].title, path: `/${kind}`, description: FORM_COPY[kind].description });
};

/** A plain form post (no JavaScript) and the fetcher both land here. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  return handleFormPageAction(services, kindOf(new URL(request.url).pathname), request, { ip: app.clientIp(), userId: viewer?.id ?? null });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServer(serverAction);
}

export default function MessagePage({ actionData }: Route.ComponentProps) {
  const kind = kindOf(useLocation().pathname);
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const copy = FORM_COPY[kind];
  return (
    <>
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} intro={copy.intro} />
      <FormPageBody key={kind} kind={kind} initial={actionData} defaults={viewer ?? undefined} />
    </>
  );
}
