import { useRef } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { type TwoFactorActionData, verifyTwoFactor } from "~/features/auth/auth-actions.server";
import { safeRedirect } from "~/features/auth/safe-redirect";
import { readRequestBody } from "~/infra/http/body.server";
import { appContext, getViewer } from "~/request-context.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { useLocalize } from "~/shared/i18n/use-locale";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { TextField } from "~/shared/ui/field";
import { useFocusOn } from "~/shared/lib/use-focus";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { checkSecondFactor } from "~/features/auth/auth-fields";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/auth.two-factor";
import type { PageHandle } from "~/shared/lib/page-handle";

/** Runs React Router in the browser: the code form answers in place (ADR 0035). */
export const handle: PageHandle = { hydrate: true };

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "auth", authWords);
  return [
    ...pageMeta(matches, { title: t.twoFactor.title, path: "/auth/two-factor", description: t.twoFactor.description }),
    { name: "robots", content: "noindex" },
  ];
};

/** The challenge cookie Better Auth set after the first factor (its name carries our cookie prefix). */
function hasChallenge(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[\w-]+\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  if (await getViewer(context)) throw redirect(localizedPath("/profile", locale));
  const url = new URL(request.url);
  // No challenge in this browser (it expired, or the page was opened directly): the first step again.
  // A document load, also from this page's own links (its loader runs again): /auth runs its own script.
  if (!hasChallenge(request)) throw redirectDocument(localizedPath("/auth?error=TWO_FACTOR_EXPIRED", locale));
  return {
    method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "") || null,
    i18n: pageMessages(locale, "auth"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<TwoFactorActionData>({ method: "totp", error: body.message }, { status: body.status });
  const { auth } = await app.services();
  return verifyTwoFactor({ auth, headers: app.authHeaders(), locale: localeOfRequest(request) }, body.fields);
}

const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/**
 * The second step of a sign-in with two-factor on, after a password, Google
 * or GitHub: a code from the authenticator app, or a backup code
 * (`?method=backup`, a link, so it switches without JavaScript too).
 */
export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages("auth", authWords);
  const localize = useLocalize();
  const navigation = useNavigation();
  const method = actionData?.method ?? loaderData.method;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fields = useFieldErrors({
    validate: (data) => checkSecondFactor(data, t),
    answer: actionData,
    answerErrors: actionData && !actionData.restart ? { code: actionData.error } : undefined,
  });
  const field = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const query = (m: "totp" | "backup") => {
    const params = new URLSearchParams();
    if (m === "backup") params.set("method", "backup");
    if (loaderData.redirectTo) params.set("redirectTo", loaderData.redirectTo);
    const text = params.toString();
    return localize(text ? `/auth/two-factor?${text}` : "/auth/two-factor");
  };

  // What the answer is about (after a plain post, once hydrated, only if the visitor has not moved on: useFocusOn).
  useFocusOn(() => (actionData ? (actionData.restart ? message.current : field.current) : null), [actionData]);

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="w-full max-w-md">
        <div className="text-center">
          <h1 className="text-3xl font-bold text-balance">{t.twoFactor.title}</h1>
          <p className="mt-2 text-ink-600">{method === "backup" ? t.twoFactor.enterBackupCode : t.twoFactor.enterCode}</p>
        </div>
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
          {actionData?.restart ? (
            <div ref={message} tabIndex={-1} className="space-y-5 outline-none">
              <Banner tone="error">{actionData.error}</Banner>
              <ButtonLink to={localize(loaderData.redirectTo ? `/auth?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/auth")} className="w-full">
                {t.twoFactor.signInAgain}
              </ButtonLink>
            </div>
          ) : (
            <Form method="post" className="space-y-5" {...fields.formProps}>
              {fields.summary}
              <input type="hidden" name="method" value={method} />
              {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
              <TextField
                ref={field}
                // A new field (and a fresh value) when the method changes.
                key={method}
                label={method === "backup" ? t.twoFactor.backupLabel : t.twoFactor.codeLabel}
                name="code"
                autoComplete="one-time-code"
                inputMode={method === "backup" ? "text" : "numeric"}
                pattern={method === "backup" ? undefined : "[0-9 ]*"}
                maxLength={method === "backup" ? 32 : 7}
                placeholder={method === "backup" ? "abcd-efgh-2345" : "123456"}
                autoCapitalize="off"
                spellCheck={false}
                autoFocus
                required
                error={fields.errors.code}
              />
              <label className="flex items-center gap-2 text-sm text-ink-700">
                <input type="checkbox" name="trust" value="on" className="size-4 rounded border-ink-300 accent-brand-600" />
                {t.twoFactor.trust}
              </label>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t.twoFactor.checking : t.twoFactor.verify}
              </Button>
            </Form>
          )}
        </div>
        <div className="mt-6 space-y-2 text-center text-sm text-ink-700">
          {!actionData?.restart && (
            <p>
              {method === "backup" ? (
                <Link to={query("totp")} className={linkClass}>
                  {t.twoFactor.useApp}
                </Link>
              ) : (
                <>
                  {t.twoFactor.lostPhone}{" "}
                  <Link to={query("backup")} className={linkClass}>
                    {t.twoFactor.useBackup}
                  </Link>
                </>
              )}
            </p>
          )}
          <p>
            {/* A document load: the sign-in page runs its own script, not React Router (ADR 0045). */}
            <Link to={localize("/auth")} reloadDocument className={linkClass}>
              {t.views.backToSignIn}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
