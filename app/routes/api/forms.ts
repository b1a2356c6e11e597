import { formApiNotAllowed, handleFormApi } from "~/features/forms/form-handlers.server";
import type { Route } from "./+types/forms";

/** POST /api/forms/feedback and /api/forms/contact (contract); any other kind is a JSON 404. */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleFormApi(params.kind, request, context);
}

export function loader({ params }: Route.LoaderArgs) {
  return formApiNotAllowed(params.kind);
}
