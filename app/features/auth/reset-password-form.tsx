import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { checkNewPassword, PASSWORD_MAX_LENGTH } from "./auth-fields";
import type { ResetActionData } from "./auth-state";
import { AUTH_MESSAGES, LINK_INVALID } from "./messages";

interface Props {
  token: string;
  linkError: string | null;
  minPasswordLength: number;
  /** The answer to a plain form post (no JavaScript). */
  actionData: ResetActionData | undefined;
}

/** Where the emailed reset link lands: a new password, twice; posted to this page's route action. */
export function ResetPasswordForm({ token, linkError, minPasswordLength, actionData }: Props) {
  const fetcher = useFetcher<ResetActionData>();
  const result = fetcher.data ?? actionData;
  const error = result?.error ?? null;
  const busy = fetcher.state !== "idle";
  const fields = useFieldErrors({ validate: (data) => checkNewPassword(data, minPasswordLength), answer: result, answerErrors: result?.fieldErrors });
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A field's error focuses its field (useFieldErrors); the page's outcomes focus their banner.
    if (result?.done || result?.error || linkError || !token) messageRef.current?.focus();
  }, [result, linkError, token]);

  return (
    <div className="w-full max-w-md">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-balance">Choose a new password</h1>
        <p className="mt-2 text-ink-600">Changing it signs you out on every other device.</p>
      </div>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        {result?.done ? (
          <div className="space-y-5">
            <div ref={messageRef} tabIndex={-1} className="outline-none">
              <Banner tone="success">{AUTH_MESSAGES.passwordReset}</Banner>
            </div>
            <ButtonLink to="/auth" className="w-full">
              Back to Sign In
            </ButtonLink>
          </div>
        ) : linkError || !token ? (
          // A dead link: no password fields that could only fail.
          <div className="space-y-5">
            <div ref={messageRef} tabIndex={-1} className="outline-none">
              <Banner tone="error">{LINK_INVALID}</Banner>
            </div>
            <ButtonLink to="/auth?mode=reset" className="w-full">
              Request a new link
            </ButtonLink>
            <SecondaryLink to="/auth">Back to Sign In</SecondaryLink>
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
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              hint={`At least ${minPasswordLength} characters, not a common or leaked password.`}
              error={fields.errors.password}
            />
            <PasswordField
              label="Repeat the new password"
              name="confirm"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={fields.errors.confirm}
            />
            <Button type="submit" className="w-full" disabled={busy || !token}>
              {busy ? "Loading..." : "Set new password"}
            </Button>
            <SecondaryLink to="/auth?mode=reset">Request a new link</SecondaryLink>
          </fetcher.Form>
        )}
      </div>
    </div>
  );
}

/** The quiet way out under the form's main button. */
function SecondaryLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="text-center text-sm">
      <Link to={to} className="font-semibold text-brand-700 hover:text-brand-800">
        {children}
      </Link>
    </p>
  );
}
