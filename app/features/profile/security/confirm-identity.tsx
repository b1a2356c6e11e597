import { useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { authenticateWithPasskey } from "~/features/auth/index.account";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { useMessages } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { OnceHydrated } from "~/shared/ui/once-hydrated";
import type { SecurityActionData } from "../security-state";
import { answerFor, CheckedForm, CONFIRM_ANCHOR, panel, passkeyMessage, TotpCodeField } from "./shared";
import { checkPasswordGiven, checkTotpCode } from "../security-fields";

interface ConfirmIdentityProps {
  hasPassword: boolean;
  twoFactorOn: boolean;
  hasPasskeys: boolean;
  answer: SecurityActionData | undefined;
}

/**
 * "Confirm it's you" (re-authentication): shown when the last sign-in or proof
 * is over 15 minutes old, above everything that changes how the account signs
 * in. The password or a code works without JavaScript; a passkey needs it.
 */
export function ConfirmIdentity({ hasPassword, twoFactorOn, hasPasskeys, answer }: ConfirmIdentityProps) {
  const t = useMessages("account", account);
  const a = useMessages("auth", auth);
  const locale = useLocale();
  const said = t.security.confirm;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const mine = answerFor(answer, "reauthenticate");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "reauthenticate";
  const refusedOther = answer && !answer.ok && answer.reauth ? answer.message : null;

  const withPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyError(null);
    const result = await authenticateWithPasskey({ t: a.passkey });
    setPasskeyBusy(false);
    if (result.ok) await revalidator.revalidate();
    else if (!result.cancelled) setPasskeyError(passkeyMessage(result, { account: t, auth: a, locale }, a.passkey.checkFailed));
  };

  return (
    <section id={CONFIRM_ANCHOR} aria-labelledby="confirm-heading" className={`${panel} scroll-mt-24 ring-2 ring-brand-300`}>
      <h2 id="confirm-heading" className="flex items-center gap-2 text-xl font-bold">
        <Icon name="shield-check" className="size-5 text-brand-600" />
        {said.heading}
      </h2>
      <p className="mt-2 max-w-prose text-ink-700">{said.text}</p>
      {refusedOther && (
        <div className="mt-4">
          <Banner tone="warning">{refusedOther}</Banner>
        </div>
      )}
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {hasPassword && (
          <CheckedForm
            className="grid content-start gap-4"
            validate={(data) => checkPasswordGiven(data, t)}
            answer={mine?.field === "password" ? mine : undefined}
          >
            {(errors) => (
              <>
                <input type="hidden" name="intent" value="reauthenticate" />
                <input type="hidden" name="method" value="password" />
                <PasswordField label={said.yourPassword} name="password" autoComplete="current-password" required error={errors.password} />
                <div>
                  <Button type="submit" disabled={busy}>
                    {said.withPassword}
                  </Button>
                </div>
              </>
            )}
          </CheckedForm>
        )}
        {twoFactorOn && (
          <CheckedForm className="grid content-start gap-4" validate={(data) => checkTotpCode(data, a)} answer={mine?.field === "code" ? mine : undefined}>
            {(errors) => (
              <>
                <input type="hidden" name="intent" value="reauthenticate" />
                <input type="hidden" name="method" value="code" />
                <TotpCodeField label={said.codeLabel} error={errors.code} />
                <div>
                  <Button type="submit" variant={hasPassword ? "secondary" : "primary"} disabled={busy}>
                    {said.withCode}
                  </Button>
                </div>
              </>
            )}
          </CheckedForm>
        )}
        {hasPasskeys && (
          <div className="grid content-start gap-3">
            <p className="text-sm font-medium text-ink-800">{said.passkeyLabel}</p>
            <OnceHydrated meanwhile={<p className="text-sm text-ink-600">{said.passkeyNeedsScript}</p>}>
              <Button type="button" variant="secondary" onClick={withPasskey} disabled={passkeyBusy}>
                <Icon name="key" className="size-4" />
                {passkeyBusy ? said.passkeyWaiting : said.withPasskey}
              </Button>
            </OnceHydrated>
            {passkeyError && <p className="text-sm text-red-700">{passkeyError}</p>}
          </div>
        )}
        {!hasPassword && !twoFactorOn && !hasPasskeys && <p className="text-sm text-ink-700">{said.socialOnly}</p>}
      </div>
      {mine && !mine.ok && !mine.field && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {mine.message}
        </p>
      )}
    </section>
  );
}
