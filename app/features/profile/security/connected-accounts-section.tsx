import { Form, useNavigation } from "react-router";
import { account } from "~/shared/i18n/catalog/account";
import { fill, useMessages } from "~/shared/i18n/messages";
import { Button } from "~/shared/ui/button";
import { BrandIcon } from "~/shared/ui/brand-icons";
import { Icon } from "~/shared/ui/icon";
import { AccountDate } from "../account-date";
import { fillNodes } from "../fill-nodes";
import type { SecurityActionData, SignInMethodView } from "../security-state";
import { answerFor, NeedsConfirmation, panel } from "./shared";

interface ConnectedAccountsSectionProps {
  methods: SignInMethodView[];
  passkeyCount: number;
  fresh: boolean;
  answer: SecurityActionData | undefined;
}

/**
 * The ways this account signs in: a password, Google, GitHub (passkeys are
 * their own section). Connect takes the visitor to the provider and back;
 * the last way to sign in cannot be disconnected.
 */
export function ConnectedAccountsSection({ methods, passkeyCount, fresh, answer }: ConnectedAccountsSectionProps) {
  const t = useMessages("account", account);
  const said = t.security.methods;
  const navigation = useNavigation();
  const mine = answerFor(answer, "connect", "disconnect");
  const connected = methods.filter((m) => m.accountId).length;
  const busy = (intent: string, value: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData.get("provider") === value || navigation.formData.get("accountId") === value);

  return (
    <section id="connected-accounts" aria-labelledby="connected-heading" className={`${panel} scroll-mt-24`}>
      <h2 id="connected-heading" className="flex items-center gap-2 text-xl font-bold">
        <Icon name="link" className="size-5 text-brand-600" />
        {said.heading}
      </h2>
      <ul className="mt-6 divide-y divide-ink-200" aria-label={said.heading}>
        {methods.map((method) => {
          const last = connected === 1 && passkeyCount === 0;
          return (
            <li key={method.provider} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-center gap-3">
                {method.provider === "credential" ? (
                  <Icon name="key" className="size-5 text-ink-600" />
                ) : (
                  <BrandIcon network={method.provider} className="size-5" />
                )}
                <div>
                  <p className="font-semibold text-ink-900">{method.name}</p>
                  <p className="text-sm text-ink-600">
                    {method.accountId
                      ? fillNodes(said.connected, { date: <AccountDate iso={method.connectedAt!} /> })
                      : method.provider === "credential"
                        ? said.noPassword
                        : method.available
                          ? said.notConnected
                          : said.unavailable}
                  </p>
                </div>
              </div>
              {method.provider !== "credential" &&
                fresh &&
                (method.accountId ? (
                  last ? (
                    <p className="max-w-xs text-sm text-ink-600">{said.onlyWay}</p>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="disconnect" />
                      <input type="hidden" name="accountId" value={method.accountId} />
                      <Button
                        type="submit"
                        variant="secondary"
                        size="sm"
                        disabled={busy("disconnect", method.accountId)}
                        aria-label={fill(said.disconnectLabel, { name: method.name })}
                      >
                        {said.disconnect}
                      </Button>
                    </Form>
                  )
                ) : (
                  method.available && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="connect" />
                      <input type="hidden" name="provider" value={method.provider} />
                      <Button
                        type="submit"
                        variant="secondary"
                        size="sm"
                        disabled={busy("connect", method.provider)}
                        aria-label={fill(said.connectLabel, { name: method.name })}
                      >
                        {said.connect}
                      </Button>
                    </Form>
                  )
                ))}
            </li>
          );
        })}
      </ul>
      {!fresh && <NeedsConfirmation what={t.security.confirmFor.connect} />}
      {mine && !mine.reauth && mine.message && (
        <p role={mine.ok ? "status" : "alert"} className={`mt-3 text-sm ${mine.ok ? "text-emerald-800" : "text-red-700"}`}>
          {mine.message}
        </p>
      )}
    </section>
  );
}
