import { handleFormspree } from "~/features/forms/formspree.server";
import { allowedOrigins } from "~/infra/security/origin-check.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/f.form";

/**
 * POST /f/:form: the form service in Formspree's protocol (formspree.server.ts).
 * This route checks the origin itself, per form: the middleware lets it through.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = appContext(context);
  const [services, viewer] = await Promise.all([app.services(), app.viewer()]);
  return handleFormspree(
    services,
    params.form,
    request,
    { ip: app.clientIp(), userId: viewer?.id ?? null },
    {
      appUrl: services.env.appUrl,
      ownOrigins: allowedOrigins(services.env.appOrigin),
    },
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = await appContext(context).services();
  return handleFormspree(services, params.form, request, { ip: "", userId: null }, { appUrl: services.env.appUrl, ownOrigins: new Set() });
}
