import { data } from "react-router";
import { env } from "~/config/env.server";
import { resetPassword } from "~/features/auth/auth-actions.server";
import { resetLinkIsLive } from "~/features/auth/index.server";
import type { ResetActionData } from "~/features/auth/auth-state";
import { ResetPasswordForm } from "~/features/auth/reset-password-form";
import { readRequestBody } from "~/infra/http/body.server";
import { appContext } from "~/request-context.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { localeOfRequest } from "~/shared/i18n/locale";
import { messagesFromMatches } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { pageMeta } from "~/shared/lib/seo";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { PageHandle } from "~/shared/lib/page-handle";
import type { Route } from "./+types/auth.reset-password";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

/** Runs React Router: the new password's checks as it is typed, a dead link's banner that takes the focus (ADR 0035). */
export const handle: PageHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = messagesFromMatches(matches, "auth", authWords);
  // A used or expired link's page says so in its tab too (ResetPasswordForm shows it without password fields).
  const title = loaderData && (loaderData.error || !loaderData.token) ? t.reset.deadTitle : t.reset.title;
  return [...pageMeta(matches, { title, path: "/auth/reset-password", description: t.reset.description }), { name: "robots", content: "noindex" }];
};

/**
 * Where the emailed reset link lands (via Better Auth, which checks the token
 * first). Opened again later (the link used, or an hour old), the token is
 * checked here too: a dead link says so and offers a new one instead of two
 * password fields that could only fail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  let error = url.searchParams.get("error");
  if (token && !error) {
    const { auth } = await appContext(context).services();
    if (!(await resetLinkIsLive(auth, token))) error = "INVALID_TOKEN";
  }
  return { token, error, minPasswordLength: env().minPasswordLength, i18n: pageMessages(localeOfRequest(request), "auth") };
}

/** The new password: a plain form post, or a fetcher. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<ResetActionData>({ done: false, error: body.message }, { status: body.status });
  const app = appContext(context);
  const { auth } = await app.services();
  return resetPassword(
    { auth, headers: app.authHeaders(), locale: localeOfRequest(request), origin: new URL(request.url).origin },
    body.fields,
    env().minPasswordLength,
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <ResetPasswordForm token={loaderData.token} linkError={loaderData.error} minPasswordLength={loaderData.minPasswordLength} actionData={actionData} />
    </div>
  );
}
