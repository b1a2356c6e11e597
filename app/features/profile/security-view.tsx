import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { LocalDate } from "~/shared/ui/local-date";
import type { SecurityActionData, SignedInDevice } from "./security-state";

interface SecurityViewProps {
  email: string;
  hasPassword: boolean;
  minPasswordLength: number;
  devices: SignedInDevice[];
  /** A message carried by the URL after a redirect (a changed password). */
  notice?: string;
  /** Signed in with a password the policy now refuses: the page asks for a new one. */
  warning?: string;
  answer: SecurityActionData | undefined;
}

const panel = "rounded-3xl bg-white p-6 shadow-lift ring-1 ring-ink-200/70 sm:p-8";

/**
 * /profile/security. Plain forms posting to the route's action: they work
 * without JavaScript, and with it React Router submits them without a reload.
 * After an answer, focus goes to what it is about (the field in error, else
 * the message), so keyboard and screen-reader users are never left on <body>.
 */
export function SecurityView({ email, hasPassword, minPasswordLength, devices, notice, warning, answer }: SecurityViewProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const passwordForm = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!answer) return;
    const field = answer.field && passwordForm.current?.elements.namedItem(answer.field);
    if (field instanceof HTMLInputElement) field.focus();
    else message.current?.focus();
  }, [answer]);
  useEffect(() => {
    if (!notice) return;
    passwordForm.current?.reset();
    message.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (warning) message.current?.focus();
  }, [warning]);

  const others = devices.filter((d) => !d.current);
  const fieldError = (name: SecurityActionData["field"]) => (answer && !answer.ok && answer.field === name ? answer.message : undefined);

  return (
    <div className="bg-ink-50/60 py-10 sm:py-14">
      <Container className="max-w-3xl space-y-8">
        <div>
          <Link to="/profile" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
            <Icon name="arrow-right" className="size-4 rotate-180" />
            Back to your profile
          </Link>
          <h1 className="mt-4 text-3xl font-bold text-balance">Account security</h1>
          <p className="mt-2 text-ink-600">
            Your password and the devices signed in to <span className="font-medium text-ink-800">{email}</span>.
          </p>
        </div>

        {answer && !answer.field ? (
          <div ref={message} tabIndex={-1} className="outline-none">
            <Banner tone={answer.ok ? "success" : "error"}>{answer.message}</Banner>
          </div>
        ) : notice ? (
          <div ref={message} tabIndex={-1} className="outline-none">
            <Banner tone="success">{notice}</Banner>
          </div>
        ) : (
          warning && (
            <div ref={message} tabIndex={-1} className="outline-none">
              <Banner tone="warning">{warning}</Banner>
            </div>
          )
        )}

        <section aria-labelledby="password-heading" className={panel}>
          <h2 id="password-heading" className="flex items-center gap-2 text-xl font-bold">
            <Icon name="key" className="size-5 text-brand-600" />
            {hasPassword ? "Change password" : "Set a password"}
          </h2>
          {hasPassword ? (
            <Form ref={passwordForm} method="post" className="mt-6 grid max-w-md gap-5" noValidate>
              <input type="hidden" name="intent" value="change-password" />
              <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" required error={fieldError("currentPassword")} />
              <PasswordField
                label="New password"
                name="newPassword"
                autoComplete="new-password"
                required
                minLength={minPasswordLength}
                hint={`At least ${minPasswordLength} characters, not a common or leaked password.`}
                error={fieldError("newPassword")}
              />
              <PasswordField label="Repeat the new password" name="confirmPassword" autoComplete="new-password" required error={fieldError("confirmPassword")} />
              <p className="text-sm text-ink-600">Changing it signs you out on every other device and we email you a notice.</p>
              <div>
                <Button type="submit" disabled={busy("change-password")}>
                  {busy("change-password") && <Icon name="loader-circle" className="size-4 animate-spin" />}
                  Change password
                </Button>
              </div>
            </Form>
          ) : (
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="set-password" />
              <p className="max-w-prose text-ink-700">
                You sign in with Google or GitHub. To sign in with your email address too, set a password: we email you a link to choose one.
              </p>
              <Button type="submit" variant="secondary" disabled={busy("set-password")}>
                <Icon name="mail" className="size-4" />
                Email me a link to set a password
              </Button>
            </Form>
          )}
        </section>

        <section aria-labelledby="devices-heading" className={panel}>
          <h2 id="devices-heading" className="flex items-center gap-2 text-xl font-bold">
            <Icon name="smartphone" className="size-5 text-brand-600" />
            Signed-in devices
          </h2>
          <ul className="mt-6 divide-y divide-ink-200" aria-label="Signed-in devices">
            {devices.map((device) => (
              <li key={device.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    {device.device}
                    {device.current && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">This device</span>}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-600">
                    Signed in <LocalDate iso={device.signedInAt} withTime /> · last active <LocalDate iso={device.lastActiveAt} withTime />
                  </p>
                </div>
                {!device.current && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="sign-out-device" />
                    <input type="hidden" name="sessionId" value={device.id} />
                    <Button type="submit" variant="secondary" size="sm" aria-label={`Sign out ${device.device}, signed in ${device.signedInAt.slice(0, 10)}`}>
                      <Icon name="log-out" className="size-4" />
                      Sign out
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <Form method="post" className="mt-4 border-t border-ink-200 pt-5">
              <input type="hidden" name="intent" value="sign-out-others" />
              <Button type="submit" variant="danger" disabled={busy("sign-out-others")}>
                <Icon name="log-out" className="size-4" />
                Sign out everywhere else
              </Button>
            </Form>
          ) : (
            <p className="mt-4 text-sm text-ink-600">No other device is signed in.</p>
          )}
        </section>
      </Container>
    </div>
  );
}
