import { data, redirect } from "react-router";
import { env } from "~/config/env.server";
import { pendingVerification, requestPasswordReset, resendVerification, signIn, signUp, socialSignIn } from "~/features/auth/auth-actions.server";
import { AuthForm } from "~/features/auth/auth-form";
import type { AuthActionData, AuthMode } from "~/features/auth/auth-state";
import type { ProviderId } from "~/features/auth/messages";
import { isLostRoundTrip, noticeFromQuery } from "~/features/auth/messages";
import { safeRedirect } from "~/features/auth/safe-redirect";
import { clearProviderReturn, providerFailurePath, providerStartOf } from "~/features/auth/provider-return.server";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, getViewer } from "~/request-context.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches } from "~/shared/i18n/messages";
import { messagesFor, pageMessages } from "~/shared/i18n/messages.server";
import { pageMeta } from "~/shared/lib/seo";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/auth";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = messagesFromMatches(matches, "auth", authWords);
  return [
    // The tab's title says which view it is (it said "Sign in" on every one).
    ...pageMeta(matches, { title: t.views.titles[loaderData?.mode ?? "signin"], path: "/auth", description: t.views.description }),
    { name: "robots", content: "noindex" },
  ];
};

const MODES: readonly AuthMode[] = ["signin", "signup", "reset", "verify"];

function providers() {
  const config = env();
  return { google: Boolean(config.google), github: Boolean(config.github) };
}

/** The buttons to show: configured ones, and unconfigured ones only where the operator is the visitor (loopback APP_URL). */
function shownProviders(): Partial<Record<ProviderId, boolean>> {
  const all = providers();
  if (env().showUnconfiguredProviders) return all;
  return Object.fromEntries(Object.entries(all).filter(([, configured]) => configured));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in, verified visitor has nothing to do here (spec section 2).
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  // A provider's round trip that Better Auth could not place lands here, on its one English errorURL:
  // it goes on to where its own failure would have gone, in the language it began in, once
  // (features/auth/provider-return.server.ts).
  const started = isLostRoundTrip(url.searchParams.get("error")) ? providerStartOf(request.headers.get("cookie")) : null;
  if (started) throw redirect(providerFailurePath(started), { headers: { "Set-Cookie": clearProviderReturn() } });
  // The check-your-email tab of a browser whose link has just signed it in moves on where the link went.
  if (await getViewer(context)) throw redirect(localizedPath(url.searchParams.get("mode") === "verify" ? "/home" : "/profile", locale));
  const requested = url.searchParams.get("mode") as AuthMode | null;
  const mode: AuthMode = requested && MODES.includes(requested) ? requested : "signin";
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  let pending = null;
  if (mode === "verify") {
    const app = appContext(context);
    const { auth } = await app.services();
    pending = await pendingVerification({ auth, headers: app.authHeaders() });
    // Nobody is waiting for a link in this browser: there is nothing to show here.
    if (!pending) throw redirect(localizedPath("/auth?mode=signup", locale));
  }
  return {
    mode,
    notice: noticeFromQuery(url.searchParams, messagesFor(locale).auth),
    providers: shownProviders(),
    minPasswordLength: env().minPasswordLength,
    redirectTo: redirectTo || null,
    pending,
    i18n: pageMessages(locale, "auth"),
  };
}

/** Sign in, sign up, resend, "Forgot Password?" and Google/GitHub: plain form posts, answered with the page or a redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<AuthActionData>({ intent: "unknown", notice: { tone: "error", text: body.message } }, { status: body.status });
  const { auth, database, env: config, log } = await app.services();
  const call = {
    auth,
    headers: app.authHeaders(),
    idempotency: { db: database.db, ip: app.clientIp() },
    passwordCheck: { url: config.pwnedPasswordsUrl, log },
    locale: localeOfRequest(request),
  };
  switch (textField(body.fields, "intent")) {
    case "sign-in":
      return signIn(call, body.fields);
    case "sign-up":
      return signUp(call, body.fields, config.minPasswordLength);
    case "resend":
      return resendVerification(call, body.fields);
    case "request-reset":
      return requestPasswordReset(call, body.fields);
    case "social":
      return socialSignIn(call, body.fields, providers());
    default:
      return data<AuthActionData>(
        { intent: "unknown", notice: { tone: "error", text: messagesFor(call.locale).auth.messages.unknownAction } },
        { status: 400 },
      );
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <AuthForm
        mode={loaderData.mode}
        initialNotice={loaderData.notice}
        providers={loaderData.providers}
        minPasswordLength={loaderData.minPasswordLength}
        redirectTo={loaderData.redirectTo}
        pending={loaderData.pending}
        actionData={actionData}
      />
    </div>
  );
}
