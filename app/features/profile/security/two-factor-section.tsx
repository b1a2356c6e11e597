import { useNavigation } from "react-router";
import { Button } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import type { SecurityActionData, TwoFactorView } from "../security-state";
import { answerFor, CheckedForm, NeedsConfirmation, panel, PasswordStepForm, TotpCodeField } from "./shared";
import { checkPasswordGiven, checkTotpCode } from "../security-fields";

interface TwoFactorSectionProps {
  state: TwoFactorView;
  hasPassword: boolean;
  fresh: boolean;
  answer: SecurityActionData | undefined;
}

/** Ten backup codes, shown once (after a setup starts, or new ones), to be saved by their owner. */
function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
      <h3 className="font-semibold text-ink-950">Your backup codes</h3>
      <p className="mt-1 text-sm text-ink-700">
        Each code signs you in once if you lose your phone. Save them in a password manager or print them now: they are shown only this once.
      </p>
      <ul aria-label="Backup codes" className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1.5 font-mono text-sm text-ink-950 sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Two-factor authentication with an authenticator app: set up (the key as a
 * QR code and as text, ten backup codes, then the first code to confirm),
 * new backup codes, and turning it off. Every form works without JavaScript.
 */
export function TwoFactorSection({ state, hasPassword, fresh, answer }: TwoFactorSectionProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const mine = answerFor(answer, "two-factor-enable", "two-factor-confirm", "two-factor-disable", "two-factor-backup-codes");
  const codes = mine?.ok ? mine.backupCodes : undefined;

  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" className={`${panel} scroll-mt-24`}>
      <h2 id="two-factor-heading" className="flex flex-wrap items-center gap-2 text-xl font-bold">
        <Icon name="smartphone" className="size-5 text-brand-600" />
        Two-factor authentication
        {state.enabled ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">On</span>
        ) : (
          <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700 ring-1 ring-ink-200">Off</span>
        )}
      </h2>

      {state.enabled ? (
        <div className="mt-4 space-y-5">
          <p className="max-w-prose text-ink-700">
            When you sign in with your password, Google or GitHub, we also ask for a code from your authenticator app.{" "}
            {state.backupCodesLeft === 1 ? "1 backup code is left." : `${state.backupCodesLeft} backup codes are left.`}
          </p>
          {codes && <BackupCodes codes={codes} />}
          {mine && !mine.ok && !mine.field && !mine.reauth && (
            <p role="alert" className="text-sm text-red-700">
              {mine.message}
            </p>
          )}
          {fresh ? (
            <div className="grid gap-6 md:grid-cols-2">
              <PasswordStepForm
                intent="two-factor-backup-codes"
                answer={answer}
                hasPassword={hasPassword}
                button={
                  <Button type="submit" variant="secondary" disabled={busy("two-factor-backup-codes")}>
                    New backup codes
                  </Button>
                }
              />
              <PasswordStepForm
                intent="two-factor-disable"
                answer={answer}
                hasPassword={hasPassword}
                button={
                  <Button type="submit" variant="danger" disabled={busy("two-factor-disable")}>
                    Turn off two-factor
                  </Button>
                }
              />
            </div>
          ) : (
            <NeedsConfirmation what="get new backup codes or turn two-factor authentication off" />
          )}
        </div>
      ) : state.pendingSetup ? (
        <div className="mt-4 space-y-6">
          <ol className="max-w-prose list-decimal space-y-1 pl-5 text-ink-700">
            <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and add an account.</li>
            <li>Scan the QR code, or type the key below.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <img
              src={state.pendingSetup.qrDataUri}
              alt="QR code to add this account to your authenticator app"
              width={176}
              height={176}
              className="scheme-light size-44 shrink-0 rounded-xl bg-white p-1 ring-1 ring-ink-200"
            />
            <div className="min-w-0 space-y-2">
              <p className="text-sm font-medium text-ink-800">Or type this key into the app</p>
              <p className="rounded-lg bg-ink-50 px-3 py-2 font-mono text-sm break-words text-ink-950 ring-1 ring-ink-200" aria-label="Setup key">
                {state.pendingSetup.secret}
              </p>
              <p className="text-sm text-ink-600">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
          {codes && <BackupCodes codes={codes} />}
          <CheckedForm className="grid max-w-sm gap-4" validate={checkTotpCode} answer={answerFor(answer, "two-factor-confirm")}>
            {(errors) => (
              <>
                <input type="hidden" name="intent" value="two-factor-confirm" />
                <TotpCodeField label="6-digit code from the app" error={errors.code} />
                <div>
                  <Button type="submit" disabled={busy("two-factor-confirm")}>
                    Turn on two-factor
                  </Button>
                </div>
              </>
            )}
          </CheckedForm>
          {!codes && (
            <CheckedForm className="border-t border-ink-200 pt-4" validate={checkPasswordGiven} answer={answerFor(answer, "two-factor-enable")}>
              {(errors) => (
                <>
                  <input type="hidden" name="intent" value="two-factor-enable" />
                  <p className="text-sm text-ink-600">Did not save the backup codes, or want a new key? Start again.</p>
                  {fresh && hasPassword && (
                    <div className="mt-3 max-w-sm">
                      <PasswordField label="Your password" name="password" autoComplete="current-password" required error={errors.password} />
                    </div>
                  )}
                  <Button type="submit" variant="secondary" size="sm" className="mt-3" disabled={busy("two-factor-enable") || !fresh}>
                    Start again
                  </Button>
                </>
              )}
            </CheckedForm>
          )}
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          <p className="max-w-prose text-ink-700">
            Add a second step to signing in: a code from an authenticator app on your phone. Someone who learns your password still cannot get in.
          </p>
          {fresh ? (
            <div className="max-w-sm">
              <PasswordStepForm
                intent="two-factor-enable"
                answer={answer}
                hasPassword={hasPassword}
                button={
                  <Button type="submit" disabled={busy("two-factor-enable")}>
                    Set up two-factor
                  </Button>
                }
              />
            </div>
          ) : (
            <NeedsConfirmation what="set up two-factor authentication" />
          )}
        </div>
      )}
    </section>
  );
}
