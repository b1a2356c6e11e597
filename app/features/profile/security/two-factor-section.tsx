import { Form, useNavigation } from "react-router";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { Button } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { AccountDate } from "../account-date";
import { fillNodes } from "../fill-nodes";
import type { SecurityActionData, TwoFactorView } from "../security-state";
import { answerFor, CheckedForm, NeedsConfirmation, panel, PasswordStepForm, TotpCodeField } from "./shared";
import { checkPasswordGiven, checkTotpCode } from "../security-fields";

interface TwoFactorSectionProps {
  state: TwoFactorView;
  hasPassword: boolean;
  fresh: boolean;
  answer: SecurityActionData | undefined;
}

/**
 * Ten backup codes, shown once (after a setup starts, or new ones), to be saved by their owner: each
 * on one line, as many columns as fit (a code broken at its dash is easily copied wrong).
 */
function BackupCodes({ codes }: { codes: string[] }) {
  const said = useMessages("account", account).security.twoFactor;
  return (
    <div className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
      <h3 className="font-semibold text-ink-950">{said.backupHeading}</h3>
      <p className="mt-1 text-sm text-ink-700">{said.backupText}</p>
      <ul
        aria-label={said.backupLabel}
        translate="no"
        className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(14ch,1fr))] gap-x-4 gap-y-1.5 font-mono text-sm whitespace-nowrap text-ink-950"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** The browsers that ticked "Trust this device", each forgettable (issue 38, finding 9). */
function TrustedBrowsers({ browsers, answer }: { browsers: TwoFactorView["trustedBrowsers"]; answer: SecurityActionData | undefined }) {
  const said = useMessages("account", account).security.twoFactor;
  const mine = answerFor(answer, "forget-browser");
  if (browsers.length === 0 && !mine) return null;
  return (
    <div className="border-t border-ink-200 pt-5">
      <h3 className="font-semibold text-ink-950">{said.trustedHeading}</h3>
      <p className="mt-1 max-w-prose text-sm text-ink-600">{said.trustedText}</p>
      {mine && (
        <p role={mine.ok ? "status" : "alert"} className={`mt-3 text-sm ${mine.ok ? "text-emerald-800" : "text-red-700"}`}>
          {mine.message}
        </p>
      )}
      <ul className="mt-3 divide-y divide-ink-200" aria-label={said.trustedHeading}>
        {browsers.map((browser) => (
          <li key={browser.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
                <span>{browser.device}</span>
                {browser.current && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">{said.thisBrowser}</span>
                )}
              </p>
              <p className="text-sm text-ink-600">
                {fillNodes(said.trustedUntil, { since: <AccountDate iso={browser.trustedAt} />, until: <AccountDate iso={browser.until} /> })}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="forget-browser" />
              <input type="hidden" name="browser" value={browser.id} />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                aria-label={fill(said.forgetLabel, { device: browser.device, date: browser.trustedAt.slice(0, 10) })}
              >
                {said.forget}
              </Button>
            </Form>
          </li>
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
  const t = useMessages("account", account);
  const a = useMessages("auth", auth);
  const said = t.security.twoFactor;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const mine = answerFor(answer, "two-factor-enable", "two-factor-confirm", "two-factor-disable", "two-factor-backup-codes");
  const codes = mine?.ok ? mine.backupCodes : undefined;

  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" className={`${panel} scroll-mt-24`}>
      <h2 id="two-factor-heading" className="flex flex-wrap items-center gap-2 text-xl font-bold">
        <Icon name="smartphone" className="size-5 text-brand-600" />
        {said.heading}
        {state.enabled ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">{said.on}</span>
        ) : (
          <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700 ring-1 ring-ink-200">{said.off}</span>
        )}
      </h2>

      {state.enabled ? (
        <div className="mt-4 space-y-5">
          <p className="max-w-prose text-ink-700">
            {said.onText} {state.backupCodesLeft === 1 ? said.backupLeftOne : fill(said.backupLeftMany, { n: state.backupCodesLeft })}
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
                passwordLabel={said.passwordForNewCodes}
                button={
                  <Button type="submit" variant="secondary" disabled={busy("two-factor-backup-codes")}>
                    {said.newCodes}
                  </Button>
                }
              />
              <PasswordStepForm
                intent="two-factor-disable"
                answer={answer}
                hasPassword={hasPassword}
                passwordLabel={said.passwordToTurnOff}
                button={
                  <Button type="submit" variant="danger" disabled={busy("two-factor-disable")}>
                    {said.turnOff}
                  </Button>
                }
              />
            </div>
          ) : (
            <NeedsConfirmation what={t.security.confirmFor.twoFactorManage} />
          )}
          <TrustedBrowsers browsers={state.trustedBrowsers} answer={answer} />
        </div>
      ) : state.pendingSetup ? (
        <div className="mt-4 space-y-6">
          <ol className="max-w-prose list-decimal space-y-1 pl-5 text-ink-700">
            {/* The apps by their own names, not translated. */}
            <li>{fillNodes(said.stepOpen, { apps: <span translate="no">{said.apps}</span> })}</li>
            <li>{said.stepScan}</li>
            <li>{said.stepCode}</li>
          </ol>
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <img
              src={state.pendingSetup.qrDataUri}
              alt={said.qrAlt}
              width={176}
              height={176}
              className="scheme-light size-44 shrink-0 rounded-xl bg-white p-1 ring-1 ring-ink-200"
            />
            <div className="min-w-0 space-y-2">
              <p className="text-sm font-medium text-ink-800">{said.typeKey}</p>
              <p
                className="rounded-lg bg-ink-50 px-3 py-2 font-mono text-sm break-words text-ink-950 ring-1 ring-ink-200"
                aria-label={said.keyLabel}
                translate="no"
              >
                {state.pendingSetup.secret}
              </p>
              <p className="text-sm text-ink-600">{said.keyKind}</p>
            </div>
          </div>
          {codes && <BackupCodes codes={codes} />}
          <CheckedForm className="grid max-w-sm gap-4" validate={(data) => checkTotpCode(data, a)} answer={answerFor(answer, "two-factor-confirm")}>
            {(errors) => (
              <>
                <input type="hidden" name="intent" value="two-factor-confirm" />
                <TotpCodeField label={said.codeLabel} error={errors.code} />
                <div>
                  <Button type="submit" disabled={busy("two-factor-confirm")}>
                    {said.turnOn}
                  </Button>
                </div>
              </>
            )}
          </CheckedForm>
          {!codes && (
            <CheckedForm
              className="border-t border-ink-200 pt-4"
              validate={(data) => checkPasswordGiven(data, t)}
              answer={answerFor(answer, "two-factor-enable")}
            >
              {(errors) => (
                <>
                  <input type="hidden" name="intent" value="two-factor-enable" />
                  <p className="text-sm text-ink-600">{said.restartText}</p>
                  {fresh && hasPassword && (
                    <div className="mt-3 max-w-sm">
                      <PasswordField label={said.yourPassword} name="password" autoComplete="current-password" required error={errors.password} />
                    </div>
                  )}
                  <Button type="submit" variant="secondary" size="sm" className="mt-3" disabled={busy("two-factor-enable") || !fresh}>
                    {said.restart}
                  </Button>
                </>
              )}
            </CheckedForm>
          )}
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          <p className="max-w-prose text-ink-700">{said.offText}</p>
          {fresh ? (
            <div className="max-w-sm">
              <PasswordStepForm
                intent="two-factor-enable"
                answer={answer}
                hasPassword={hasPassword}
                button={
                  <Button type="submit" disabled={busy("two-factor-enable")}>
                    {said.setUp}
                  </Button>
                }
              />
            </div>
          ) : (
            <NeedsConfirmation what={t.security.confirmFor.twoFactorSetUp} />
          )}
        </div>
      )}
    </section>
  );
}
