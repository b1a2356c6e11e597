import { resendVerification } from "~/features/auth/resend-verification.server";
import { jsonError } from "~/infra/http/json";
import { clientIp, requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import type { Route } from "./+types/resend-verification";

/** POST /api/auth/resend-verification (contract). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const s = await services();
  return resendVerification(s, request, clientIp(request, context.get(requestInfoContext), s.env.trustProxyHops));
}

export function loader() {
  return jsonError(405, "Use POST.");
}
