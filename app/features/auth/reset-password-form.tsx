import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { useFocusOn } from "~/shared/lib/use-focus";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { checkNewPassword, PASSWORD_MAX_LENGTH } from "./auth-fields";
import type { ResetActionData } from "./auth-state";
import { auth as english } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";

interface Props {
  token: string;
  linkError: string | null;
  minPasswordLength: number;
  /** The answer to a plain form post (no JavaScript). */
  actionData: ResetActionData | undefined;
}

/** Where the emailed reset link lands: a new password, twice; posted to this page's route action. */
export function ResetPasswordForm({ token, linkError, minPasswordLength, actionData }: Props) {
  const t = useMessages("auth", english);
  const localize = useLocalize();
  const fetcher = useFetcher<ResetActionData>();
  const result = fetcher.data ?? actionData;
  const error = result?.error ?? null;
  const busy = fetcher.state !== "idle";
  // A used or expired link (or none): said in the heading, as in the tab's title.
  const dead = !result?.done && Boolean(linkError || !token);
  const fields = useFieldErrors({ validate: (data) => checkNewPassword(data, minPasswordLength, t), answer: result, answerErrors: result?.fieldErrors });
  const messageRef = useRef<HTMLDivElement>(null);
  // A field's error focuses its field (useFieldErrors); the page's outcomes focus their banner (after a plain
  // post, once hydrated, only if the visitor has not started again: useFocusOn).
  useFocusOn(() => (result?.done || result?.error || linkError || !token ? messageRef.current : null), [result, linkError, token]);

  return (
    <div className="w-full max-w-md">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-balance">{dead ? t.reset.deadTitle : t.reset.title}</h1>
        <p className="mt-2 text-ink-600">{dead ? t.reset.deadSubtitle : t.reset.subtitle}</p>
      </div>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        {result?.done ? (
          <div className="space-y-5">
            <div ref={messageRef} tabIndex={-1} className="outline-none">
              <Banner tone="success">{t.messages.passwordReset}</Banner>
            </div>
            <ButtonLink to={localize("/auth")} className="w-full">
              {t.views.backToSignIn}
            </ButtonLink>
          </div>
        ) : linkError || !token ? (
          // A dead link: no password fields that could only fail.
          <div className="space-y-5">
            <div ref={messageRef} tabIndex={-1} className="outline-none">
              <Banner tone="error">{t.messages.resetLinkInvalid}</Banner>
            </div>
            <ButtonLink to={localize("/auth?mode=reset")} className="w-full">
              {t.reset.requestNew}
            </ButtonLink>
            <SecondaryLink to={localize("/auth")}>{t.views.backToSignIn}</SecondaryLink>
          </div>
        ) : (
          <fetcher.Form method="post" className="space-y-5" {...fields.formProps}>
            {fields.summary}
            {error && (
              <div ref={messageRef} tabIndex={-1} className="outline-none">
                <Banner tone="error">{error}</Banner>
              </div>
            )}
            <input type="hidden" name="token" value={token} />
            <PasswordField
              label={t.reset.newPassword}
              name="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              hint={fill(t.views.passwordHint, { min: minPasswordLength })}
              error={fields.errors.password}
            />
            <PasswordField
              label={t.reset.repeat}
              name="confirm"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={fields.errors.confirm}
            />
            <Button type="submit" className="w-full" disabled={busy || !token}>
              {busy ? t.views.loading : t.reset.submit}
            </Button>
            <SecondaryLink to={localize("/auth?mode=reset")}>{t.reset.requestNew}</SecondaryLink>
          </fetcher.Form>
        )}
      </div>
    </div>
  );
}

/**
 * The quiet way out under the form's main button, to the sign-in page: a
 * document load, since that page runs its own script, not React Router
 * (ADR 0045), and a client navigation would leave it without its passkeys,
 * popup and countdown.
 */
function SecondaryLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="text-center text-sm">
      <Link to={to} reloadDocument className="font-semibold text-brand-700 hover:text-brand-800">
        {children}
      </Link>
    </p>
  );
}
