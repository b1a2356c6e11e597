import { handleAuthRequest } from "~/features/auth/auth-gateway.server";
import { clientIp, requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import type { Route } from "./+types/auth";

/** Better Auth at /api/auth/* (contract), behind our rate limits and cookies. */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const s = await services();
  return handleAuthRequest(s, request, clientIp(request, context.get(requestInfoContext), s.env.trustProxyHops));
}

export const loader = handle;
export const action = handle;
