import { useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { useFocusOn } from "~/shared/lib/use-focus";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { AccountDate } from "./account-date";
import { fillNodes } from "./fill-nodes";
import { ConfirmIdentity } from "./security/confirm-identity";
import { ConnectedAccountsSection } from "./security/connected-accounts-section";
import { PasskeysSection } from "./security/passkeys-section";
import { answerFor, CheckedForm, NeedsConfirmation, panel } from "./security/shared";
import { checkPasswordChange } from "./security-fields";
import { TwoFactorSection } from "./security/two-factor-section";
import type { ListedPasskey, SecurityActionData, SecurityIntent, SignedInDevice, SignInMethodView, TwoFactorView } from "./security-state";

interface SecurityViewProps {
  email: string;
  hasPassword: boolean;
  minPasswordLength: number;
  devices: SignedInDevice[];
  /** Seconds left in which security changes need no re-authentication. */
  freshForS: number;
  twoFactor: TwoFactorView;
  passkeys: ListedPasskey[];
  methods: SignInMethodView[];
  /** A message carried by the URL after a redirect (a changed password, a connected account). */
  notice?: string;
  /** Signed in with a password the policy now refuses, or a connection that failed. */
  warning?: string;
  answer: SecurityActionData | undefined;
}

/** The heading of the section that shows an answer itself (two-factor's setup, a passkey, a connection). */
const SECTION_HEADINGS: Partial<Record<SecurityIntent, string>> = {
  "two-factor-enable": "two-factor-heading",
  "two-factor-confirm": "two-factor-heading",
  "two-factor-disable": "two-factor-heading",
  "two-factor-backup-codes": "two-factor-heading",
  "forget-browser": "two-factor-heading",
  "passkey-rename": "passkeys-heading",
  "passkey-delete": "passkeys-heading",
  connect: "connected-heading",
  disconnect: "connected-heading",
};

/**
 * Where the focus goes after an answer with no field in error and no message at the top: the heading of the
 * section it changed (the setup that appeared, the state now "On"), not the page's h1 that RouteFocus gives a
 * form whose button went away with the answer.
 */
function sectionHeading(root: HTMLElement | null, intent: SecurityIntent): HTMLElement | null {
  const id = SECTION_HEADINGS[intent];
  const heading = id ? root?.querySelector<HTMLElement>(`#${id}`) : null;
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading ?? null;
}

/**
 * /profile/security. Plain forms posting to the route's action: they work
 * without JavaScript, and with it React Router submits them without a reload.
 * After an answer, focus goes to what it is about (the field in error, else
 * the message), so keyboard and screen-reader users are never left on <body>.
 * Changes to how the account signs in need a recent sign-in; otherwise the
 * page asks to confirm it's you first (features/auth/reauthentication.server.ts).
 */
export function SecurityView(props: SecurityViewProps) {
  const { email, hasPassword, minPasswordLength, devices, freshForS, twoFactor, passkeys, methods, notice, warning, answer } = props;
  const t = useMessages("account", account);
  const a = useMessages("auth", auth);
  const localize = useLocalize();
  const said = t.security;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const page = useRef<HTMLDivElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const fresh = freshForS > 0;

  // What an answer is about; after a plain post (before the scripts) the page arrives with it, and hydration then
  // leaves the focus where the visitor may already have put it.
  useFocusOn(() => {
    if (!answer) return null;
    const root = page.current;
    if (answer.reauth) return root?.querySelector<HTMLElement>("#confirm-identity input, #confirm-identity button");
    return root?.querySelector<HTMLElement>("[aria-invalid=true]") ?? message.current ?? sectionHeading(root, answer.intent);
  }, [answer]);
  useFocusOn(() => (notice || warning ? message.current : null), [notice, warning]);

  const { key: arrival } = useLocation();
  // A page that arrived with a success (a redirect after a change) draws the password form afresh: the
  // passwords just typed must not stay in it. The key changes only on such an arrival: a later answer
  // (a refused attempt, another section's) keeps the form as typed.
  const [passwordFormKey, setPasswordFormKey] = useState(arrival);
  if (notice && !answer && passwordFormKey !== arrival) setPasswordFormKey(arrival);
  // The arrival whose notice a new attempt has replaced: any press of a form's submit, even one its own check
  // refuses before anything is sent, so "Your password was changed" never stands beside that attempt's errors.
  const [attemptedOn, setAttemptedOn] = useState<string | null>(null);
  const others = devices.filter((d) => !d.current);
  // Page-level outcomes; a section's own outcome (a field error, a passkey, two-factor) is shown in it.
  const banner =
    answer &&
    !answer.field &&
    !answer.fieldErrors &&
    !answer.reauth &&
    ["change-password", "set-password", "sign-out-device", "sign-out-others", "reauthenticate"].includes(answer.intent)
      ? { tone: answer.ok ? ("success" as const) : ("error" as const), text: answer.message }
      : // A later answer (a new attempt) replaces what the address said after the last one.
        notice && !answer && attemptedOn !== arrival
        ? { tone: "success" as const, text: notice }
        : warning
          ? { tone: "warning" as const, text: warning }
          : null;

  return (
    <div ref={page} onSubmitCapture={() => setAttemptedOn(arrival)} className="bg-ink-50/60 py-10 sm:py-14">
      <Container className="max-w-3xl space-y-8">
        <div>
          <Link to={localize("/profile")} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
            <Icon name="arrow-right" className="size-4 rotate-180" />
            {said.back}
          </Link>
          <h1 className="mt-4 text-3xl font-bold text-balance">{said.title}</h1>
          <p className="mt-2 text-ink-600">
            {fillNodes(said.intro, {
              email: (
                <span className="font-medium break-all text-ink-800" translate="no">
                  {email}
                </span>
              ),
            })}
          </p>
        </div>

        {banner && (
          <div ref={message} tabIndex={-1} className="outline-none">
            <Banner tone={banner.tone}>{banner.text}</Banner>
          </div>
        )}

        {!fresh && <ConfirmIdentity hasPassword={hasPassword} twoFactorOn={twoFactor.enabled} hasPasskeys={passkeys.length > 0} answer={answer} />}

        <section id="password" aria-labelledby="password-heading" className={`${panel} scroll-mt-24`}>
          <h2 id="password-heading" className="flex items-center gap-2 text-xl font-bold">
            <Icon name="key" className="size-5 text-brand-600" />
            {hasPassword ? said.password.change : said.password.set}
          </h2>
          {hasPassword ? (
            fresh ? (
              <CheckedForm
                key={passwordFormKey}
                className="mt-6 grid max-w-md gap-5"
                validate={(data) => checkPasswordChange(data, minPasswordLength, t, a)}
                answer={answerFor(answer, "change-password")}
              >
                {(errors) => (
                  <>
                    <input type="hidden" name="intent" value="change-password" />
                    <PasswordField
                      label={said.password.current}
                      name="currentPassword"
                      autoComplete="current-password"
                      required
                      error={errors.currentPassword}
                    />
                    <PasswordField
                      label={said.password.new}
                      name="newPassword"
                      autoComplete="new-password"
                      required
                      hint={fill(said.password.newHint, { min: minPasswordLength })}
                      error={errors.newPassword}
                    />
                    <PasswordField label={said.password.repeat} name="confirmPassword" autoComplete="new-password" required error={errors.confirmPassword} />
                    <p className="text-sm text-ink-600">{said.password.changeNote}</p>
                    <div>
                      <Button type="submit" disabled={busy("change-password")}>
                        {busy("change-password") && <Icon name="loader-circle" className="size-4 animate-spin" />}
                        {said.password.change}
                      </Button>
                    </div>
                  </>
                )}
              </CheckedForm>
            ) : (
              <NeedsConfirmation what={said.confirmFor.changePassword} />
            )
          ) : (
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="set-password" />
              <p className="max-w-prose text-ink-700">{said.password.setText}</p>
              <Button type="submit" variant="secondary" disabled={busy("set-password")}>
                <Icon name="mail" className="size-4" />
                {said.password.setButton}
              </Button>
            </Form>
          )}
        </section>

        <TwoFactorSection state={twoFactor} hasPassword={hasPassword} fresh={fresh} answer={answer} />
        <PasskeysSection passkeys={passkeys} fresh={fresh} answer={answer} />
        <ConnectedAccountsSection methods={methods} passkeyCount={passkeys.length} fresh={fresh} answer={answer} />

        <section id="devices" aria-labelledby="devices-heading" className={`${panel} scroll-mt-24`}>
          <h2 id="devices-heading" className="flex items-center gap-2 text-xl font-bold">
            <Icon name="monitor-play" className="size-5 text-brand-600" />
            {said.devices.heading}
          </h2>
          <p className="mt-2 max-w-prose text-ink-700">{said.devices.text}</p>
          <ul className="mt-6 divide-y divide-ink-200" aria-label={said.devices.heading}>
            {devices.map((device) => (
              <li key={device.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    <DeviceName device={device} template={said.devices.name} />
                    {device.current && (
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                        {said.devices.thisDevice}
                      </span>
                    )}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-600">
                    {fillNodes(said.devices.signedIn, {
                      signedIn: <AccountDate iso={device.signedInAt} withTime />,
                      expires: <AccountDate iso={device.expiresAt} />,
                    })}
                  </p>
                </div>
                {!device.current && fresh && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="sign-out-device" />
                    <input type="hidden" name="sessionId" value={device.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      size="sm"
                      aria-label={fill(said.devices.signOutLabel, { device: device.device, date: device.signedInAt.slice(0, 10) })}
                    >
                      <Icon name="log-out" className="size-4" />
                      {said.devices.signOut}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            fresh ? (
              <Form method="post" className="mt-4 border-t border-ink-200 pt-5">
                <input type="hidden" name="intent" value="sign-out-others" />
                <Button type="submit" variant="danger" disabled={busy("sign-out-others")}>
                  <Icon name="log-out" className="size-4" />
                  {said.devices.signOutOthers}
                </Button>
              </Form>
            ) : (
              <NeedsConfirmation what={said.confirmFor.signOutDevices} />
            )
          ) : (
            <p className="mt-4 text-sm text-ink-600">{said.devices.noOthers}</p>
          )}
        </section>
      </Container>
    </div>
  );
}

/**
 * A device by the browser's and the system's own names, which are never
 * translated ("Chrome on Windows", "Windows पर Chrome"); an unknown one in the
 * page's words.
 */
function DeviceName({ device, template }: { device: SignedInDevice; template: string }) {
  const [browser, system] = device.names;
  // One element: it sits in a flex row, where loose text and spans would each be an item of their own.
  if (browser && system)
    return <span>{fillNodes(template, { browser: <span translate="no">{browser}</span>, system: <span translate="no">{system}</span> })}</span>;
  if (browser) return <span translate="no">{browser}</span>;
  return <span>{device.device}</span>;
}
