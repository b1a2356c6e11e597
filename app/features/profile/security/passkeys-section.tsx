import { useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { addPasskey } from "~/features/auth";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { Button } from "~/shared/ui/button";
import { TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { LocalDate } from "~/shared/ui/local-date";
import type { ListedPasskey, SecurityActionData } from "../security-state";
import { checkPasskeyName } from "../security-fields";
import { answerFor, CheckedForm, NeedsConfirmation, panel } from "./shared";

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
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const mine = answerFor(answer, "passkey-rename", "passkey-delete");
  const busy = (intent: string, id: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData.get("passkeyId") === id;

  const add = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdding(true);
    setResult(null);
    const outcome = await addPasskey(name.trim());
    setAdding(false);
    if (outcome.ok) {
      setName("");
      setResult({ ok: true, message: "Passkey added. Next time, choose \"Sign in with a passkey\"." });
      await revalidator.revalidate();
    } else if (outcome.code === "REAUTHENTICATION_REQUIRED") {
      await revalidator.revalidate();
      setResult({ ok: false, message: outcome.message });
    } else if (!outcome.cancelled) {
      setResult({ ok: false, message: outcome.message });
    }
  };

  return (
    <section id="passkeys" aria-labelledby="passkeys-heading" className={`${panel} scroll-mt-24`}>
      <h2 id="passkeys-heading" className="flex items-center gap-2 text-xl font-bold">
        <Icon name="fingerprint-pattern" className="size-5 text-brand-600" />
        Passkeys
      </h2>
      <p className="mt-2 max-w-prose text-ink-700">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey cannot be phished or leaked.
      </p>

      {passkeys.length > 0 ? (
        <ul className="mt-6 divide-y divide-ink-200" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-end">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink-900">{passkey.name}</p>
                <p className="mt-0.5 text-sm text-ink-600">
                  Added <LocalDate iso={passkey.createdAt} /> · {passkey.lastUsedAt ? <>last used <LocalDate iso={passkey.lastUsedAt} /></> : "not used yet"}
                  {passkey.synced ? " · synced to your other devices" : ""}
                </p>
                <CheckedForm
                  className="mt-3 flex flex-wrap items-end gap-2"
                  validate={checkPasskeyName}
                  answer={mine?.passkeyId === passkey.id && mine.intent === "passkey-rename" ? mine : undefined}
                >
                  {(errors) => (
                    <>
                      <input type="hidden" name="intent" value="passkey-rename" />
                      <input type="hidden" name="passkeyId" value={passkey.id} />
                      <div className="w-56 max-w-full">
                        <TextField label={`New name for ${passkey.name}`} name="name" defaultValue={passkey.name} maxLength={60} required error={errors.name} />
                      </div>
                      <Button type="submit" variant="secondary" size="sm" className="h-[42px]" disabled={busy("passkey-rename", passkey.id)}>
                        Rename
                      </Button>
                    </>
                  )}
                </CheckedForm>
              </div>
              {fresh && (
                <Form method="post">
                  <input type="hidden" name="intent" value="passkey-delete" />
                  <input type="hidden" name="passkeyId" value={passkey.id} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={`Remove the passkey ${passkey.name}`} disabled={busy("passkey-delete", passkey.id)}>
                    <Icon name="trash-2" className="size-4" />
                    Remove
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink-600">No passkey yet.</p>
      )}

      {fresh ? (
        hydrated ? (
          <form onSubmit={add} className="mt-4 flex flex-wrap items-end gap-3 border-t border-ink-200 pt-5">
            <div className="w-64 max-w-full">
              <TextField label="Name for the new passkey" name="passkeyName" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="My phone" />
            </div>
            <Button type="submit" disabled={adding} className="h-[42px]">
              <Icon name="fingerprint-pattern" className="size-4" />
              {adding ? "Waiting for your device..." : "Add a passkey"}
            </Button>
          </form>
        ) : (
          <p className="mt-4 border-t border-ink-200 pt-5 text-sm text-ink-600">Adding a passkey needs JavaScript (your browser shows its own prompt).</p>
        )
      ) : (
        <NeedsConfirmation what="add or remove a passkey" />
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
