import { useState } from "react";
import { Link } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { authApi } from "./auth-api";
import { AUTH_MESSAGES } from "./messages";

interface Props {
  token: string;
  linkError: string | null;
  minPasswordLength: number;
}

export function ResetPasswordForm({ token, linkError, minPasswordLength }: Props) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(
    linkError || !token ? "This password reset link is not valid or has expired. Request a new one." : null,
  );

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirm) {
      setError("The two passwords do not match.");
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await authApi.resetPassword(token, password);
    setSubmitting(false);
    if (result.ok) {
      setDone(true);
      return;
    }
    if (result.code === "INVALID_TOKEN" || result.status === 400) {
      setError(result.code === "PASSWORD_TOO_SHORT" ? (result.message ?? AUTH_MESSAGES.unexpected) : "This password reset link is not valid or has expired. Request a new one.");
    } else setError(result.message ?? AUTH_MESSAGES.unexpected);
  };

  return (
    <div className="w-full max-w-md">
      <div className="text-center">
        <h1 className="text-3xl font-bold">Choose a new password</h1>
        <p className="mt-2 text-ink-600">Changing it signs you out on every other device.</p>
      </div>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        {done ? (
          <div className="space-y-5">
            <Banner tone="success">{AUTH_MESSAGES.passwordReset}</Banner>
            <ButtonLink to="/auth" className="w-full">
              Back to Sign In
            </ButtonLink>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="space-y-5">
            {error && (
              <Banner tone="error" onDismiss={() => setError(null)}>
                {error}
              </Banner>
            )}
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              minLength={minPasswordLength}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={`At least ${minPasswordLength} characters.`}
            />
            <PasswordField
              label="Repeat the new password"
              name="confirm"
              autoComplete="new-password"
              required
              minLength={minPasswordLength}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" className="w-full" disabled={submitting || !token}>
              {submitting ? "Loading..." : "Set new password"}
            </Button>
            <p className="text-center text-sm">
              <Link to="/auth?mode=reset" className="font-semibold text-brand-700 hover:text-brand-800">
                Request a new link
              </Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
