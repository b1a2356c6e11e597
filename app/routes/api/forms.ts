import { formApiNotAllowed, handleFormApi } from "~/features/forms/form-handlers.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/forms";

/** POST /api/forms/feedback and /api/forms/contact (contract); any other kind is a JSON 404. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  return handleFormApi(services, params.kind, request, { ip: app.clientIp(), userId: viewer?.id ?? null });
}

export function loader({ params }: Route.LoaderArgs) {
  return formApiNotAllowed(params.kind);
}
