import { useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { addPasskey } from "~/features/auth/index.account";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import { Button } from "~/shared/ui/button";
import { TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { OnceHydrated } from "~/shared/ui/once-hydrated";
import { AccountDate } from "../account-date";
import { fillNodes } from "../fill-nodes";
import type { ListedPasskey, SecurityActionData } from "../security-state";
import { checkPasskeyName } from "../security-fields";
import { answerFor, CheckedForm, NeedsConfirmation, panel, passkeyMessage } from "./shared";

interface PasskeysSectionProps {
  passkeys: ListedPasskey[];
  fresh: boolean;
  answer: SecurityActionData | undefined;
}

/**
 * Passkeys: sign in with the phone's or computer's screen lock instead of a
 * password. Listing, renaming and removing are form posts; adding one needs
 * JavaScript (the browser's WebAuthn prompt), and says so without it.
 */
export function PasskeysSection({ passkeys, fresh, answer }: PasskeysSectionProps) {
  const t = useMessages("account", account);
  const a = useMessages("auth", auth);
  const locale = useLocale();
  const said = t.security.passkeys;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const mine = answerFor(answer, "passkey-rename", "passkey-delete");
  const busy = (intent: string, id: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData.get("passkeyId") === id;

  const add = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdding(true);
    setResult(null);
    const outcome = await addPasskey(name.trim(), a.passkey);
    setAdding(false);
    if (outcome.ok) {
      setName("");
      setResult({ ok: true, message: said.addedMessage });
      await revalidator.revalidate();
    } else if (outcome.code === "REAUTHENTICATION_REQUIRED") {
      await revalidator.revalidate();
      setResult({ ok: false, message: passkeyMessage(outcome, { account: t, auth: a, locale }, a.passkey.addFailed) });
    } else if (!outcome.cancelled) {
      setResult({ ok: false, message: passkeyMessage(outcome, { account: t, auth: a, locale }, a.passkey.addFailed) });
    }
  };

  return (
    <section id="passkeys" aria-labelledby="passkeys-heading" className={`${panel} scroll-mt-24`}>
      <h2 id="passkeys-heading" className="flex items-center gap-2 text-xl font-bold">
        <Icon name="fingerprint-pattern" className="size-5 text-brand-600" />
        {said.heading}
      </h2>
      <p className="mt-2 max-w-prose text-ink-700">{said.text}</p>

      {passkeys.length > 0 ? (
        <ul className="mt-6 divide-y divide-ink-200" aria-label={said.listLabel}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-end">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink-900" translate="no">
                  {passkey.name}
                </p>
                <p className="mt-0.5 text-sm text-ink-600">
                  {fillNodes(said.added, { date: <AccountDate iso={passkey.createdAt} /> })} ·{" "}
                  {passkey.lastUsedAt ? fillNodes(said.lastUsed, { date: <AccountDate iso={passkey.lastUsedAt} /> }) : said.notUsed}
                  {passkey.synced ? ` · ${said.synced}` : ""}
                </p>
                <CheckedForm
                  className="mt-3 flex flex-wrap items-end gap-2"
                  validate={(data) => checkPasskeyName(data, t)}
                  answer={mine?.passkeyId === passkey.id && mine.intent === "passkey-rename" ? mine : undefined}
                >
                  {(errors) => (
                    <>
                      <input type="hidden" name="intent" value="passkey-rename" />
                      <input type="hidden" name="passkeyId" value={passkey.id} />
                      <div className="w-56 max-w-full">
                        <TextField
                          label={fill(said.newName, { name: passkey.name })}
                          name="name"
                          defaultValue={passkey.name}
                          maxLength={60}
                          required
                          error={errors.name}
                        />
                      </div>
                      <Button type="submit" variant="secondary" size="sm" className="h-[42px]" disabled={busy("passkey-rename", passkey.id)}>
                        {said.rename}
                      </Button>
                    </>
                  )}
                </CheckedForm>
              </div>
              {fresh && (
                <Form method="post">
                  <input type="hidden" name="intent" value="passkey-delete" />
                  <input type="hidden" name="passkeyId" value={passkey.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    aria-label={fill(said.removeLabel, { name: passkey.name })}
                    disabled={busy("passkey-delete", passkey.id)}
                  >
                    <Icon name="trash-2" className="size-4" />
                    {said.remove}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink-600">{said.none}</p>
      )}

      {fresh ? (
        <OnceHydrated className="mt-4 border-t border-ink-200 pt-5" meanwhile={<p className="text-sm text-ink-600">{said.addNeedsScript}</p>}>
          <form onSubmit={add} className="flex flex-wrap items-end gap-3">
            <div className="w-64 max-w-full">
              <TextField
                label={said.nameLabel}
                name="passkeyName"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={60}
                placeholder={said.namePlaceholder}
              />
            </div>
            <Button type="submit" disabled={adding} className="h-[42px]">
              <Icon name="fingerprint-pattern" className="size-4" />
              {adding ? said.waiting : said.add}
            </Button>
          </form>
        </OnceHydrated>
      ) : (
        <NeedsConfirmation what={t.security.confirmFor.passkeys} />
      )}
      {result && (
        <p role={result.ok ? "status" : "alert"} className={`mt-3 text-sm ${result.ok ? "text-emerald-800" : "text-red-700"}`}>
          {result.message}
        </p>
      )}
      {mine && !mine.reauth && (mine.intent === "passkey-delete" || mine.ok) && (
        <p role={mine.ok ? "status" : "alert"} className={`mt-3 text-sm ${mine.ok ? "text-emerald-800" : "text-red-700"}`}>
          {mine.message}
        </p>
      )}
    </section>
  );
}
