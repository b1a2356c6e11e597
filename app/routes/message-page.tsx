import { useLocation, useRouteLoaderData } from "react-router";
import { submitThroughServer } from "~/features/forms/form-client";
import { handleFormPageAction } from "~/features/forms/form-handlers.server";
import { FormPageBody } from "~/features/forms/form-page";
import type { FormKind } from "~/features/forms/form-schema";
import { appContext } from "~/request-context.server";
import type { loader as rootLoader } from "~/root";
import { forms } from "~/shared/i18n/catalog/forms";
import { basePath, localeOfRequest } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { pageMeta } from "~/shared/lib/seo";
import { PageHeader } from "~/shared/ui/layout";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/message-page";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

/** /feedback and /contact, and their Hindi twins (routes.ts mounts this module at all four): which one is this? */
function kindOf(pathname: string): FormKind {
  return basePath(pathname.replace(/\.data$/, "").replace(/\/+$/, "")) === "/contact" ? "contact" : "feedback";
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const kind = kindOf(location.pathname);
  const copy = messagesFromMatches(matches, "forms", forms)[kind];
  return pageMeta(matches, { title: copy.title, path: `/${kind}`, description: copy.description });
};

/** The page's words in its language (null on the English pages: the bundle holds English). */
export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(localeOfRequest(request), "forms") };
}

/** A plain form post (no JavaScript) and the fetcher both land here; the answer is in the page's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  return handleFormPageAction(
    services,
    kindOf(new URL(request.url).pathname),
    request,
    { ip: app.clientIp(), userId: viewer?.id ?? null },
    localeOfRequest(request),
  );
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServer(serverAction);
}

export default function MessagePage({ actionData }: Route.ComponentProps) {
  const kind = kindOf(useLocation().pathname);
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const copy = useMessages("forms", forms)[kind];
  return (
    <>
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} intro={copy.intro} />
      <FormPageBody key={kind} kind={kind} initial={actionData} defaults={viewer ?? undefined} />
    </>
  );
}
