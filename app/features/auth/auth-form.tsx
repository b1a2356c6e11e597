import { Link } from "react-router";
import { auth as english } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";
import { cn } from "~/shared/lib/cn";
import { IdempotencyKeyField } from "~/shared/ui/idempotency-key-field";
import { PASSWORD_MAX_LENGTH } from "./auth-fields";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import type { ProviderId } from "./messages";
import type { AuthActionData, AuthMode, Notice, PendingState } from "./auth-state";
import { ResendButton } from "./resend-button";
import { SocialButtons } from "./social-buttons";

interface AuthFormProps {
  mode: AuthMode;
  initialNotice: Notice | null;
  /** The Google/GitHub buttons to show, each with whether it is configured (a missing one is hidden). */
  providers: Partial<Record<ProviderId, boolean>>;
  minPasswordLength: number;
  /** A safe local path to go to after signing in (else /home). */
  redirectTo: string | null;
  /** The check-your-email view's state (mode "verify"). */
  pending: PendingState | null;
  /** The action's answer to the post this page shows, if it is one. */
  actionData: AuthActionData | undefined;
}

const INTENTS: Record<Exclude<AuthMode, "verify">, string> = { signin: "sign-in", signup: "sign-up", reset: "request-reset" };

/** `/auth?mode=…` (in the page's language: `localize`), keeping where to go after signing in. */
function modeHref(mode: AuthMode, redirectTo: string | null, localize: (to: string) => string): string {
  const params = new URLSearchParams();
  if (mode !== "signin") params.set("mode", mode);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return localize(query ? `/auth?${query}` : "/auth");
}

const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/**
 * The auth screen (spec section 2), rendered by the server alone: every form
 * posts to the /auth route action, which answers with this page (its
 * messages, each field's error, what was typed) or sends the visitor on. The
 * views (sign in, create account, reset, check your email) are URLs, so
 * switching clears every message (spec: toggling clears messages). What
 * needs a script (passkeys, the Google and GitHub popup, the countdown, the
 * check-your-email watch) is the page script's auth-page.ts, named here in
 * `data-*` attributes (ADR 0045).
 */
export function AuthForm({ mode, initialNotice, providers, minPasswordLength, redirectTo, pending, actionData }: AuthFormProps) {
  const t = useMessages("auth", english);
  const localize = useLocalize();
  const notice = actionData ? actionData.notice : initialNotice;
  const errors = actionData?.fieldErrors ?? {};
  // After a post the first field with an error takes the focus, else the message (a reader hears what happened).
  const firstInvalid = (["name", "email", "password"] as const).find((field) => errors[field]);
  // The address's resend state after a sign-in refused for it (the button counts down like the check-your-email view's).
  const resendState = actionData?.canResend ? (actionData.pending ?? null) : null;
  const email = actionData?.email ?? pending?.email ?? "";
  const hasProviders = Object.keys(providers).length > 0;

  const heading = t.views.headings[mode];
  const submitMode = mode === "verify" ? "signin" : mode;
  const submit = { intent: INTENTS[submitMode], label: t.views.submit[submitMode] };

  return (
    <div
      className="w-full max-w-md"
      data-auth-page=""
      data-after-sign-in={localize(redirectTo ?? "/home")}
      data-two-factor={localize(redirectTo ? `/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/two-factor")}
    >
      <div className="text-center">
        <h1 className="text-3xl font-bold text-balance">{heading.title}</h1>
        <p className="mt-2 text-ink-600">{heading.subtitle}</p>
      </div>

      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        <div data-notice-slot="">
          {notice && (
            <NoticeBox tone={notice.tone} autoFocus={!firstInvalid}>
              {notice.text}
            </NoticeBox>
          )}
        </div>
        {/* A message the page script shows (a passkey or a popup that failed), in the same box. */}
        <template data-notice-template="">
          <NoticeBox tone="error">
            <span data-notice-text="" />
          </NoticeBox>
        </template>

        {mode === "verify" && pending ? (
          <VerifyEmail pending={pending} t={t} />
        ) : (
          <>
            {mode === "signin" && resendState && !resendState.verified && (
              // The same button as the check-your-email view's: disabled and counting down while the spec's
              // five minutes last, "Please wait N minutes…" beside it, instead of a red error after the press.
              <div className="-mt-2 mb-5">
                <ResendButton pending={resendState} t={t} />
              </div>
            )}

            {/* Checked by the action (auth-fields.ts), whose words are the page's: the browser's bubbles stay off. */}
            <form method="post" noValidate className="space-y-5" data-remember={mode === "signin" ? "" : undefined}>
              <input type="hidden" name="intent" value={submit.intent} />
              {mode === "signup" && <IdempotencyKeyField />}
              {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
              {mode === "signup" && (
                <TextField
                  label={t.views.nameLabel}
                  name="name"
                  autoComplete="name"
                  maxLength={NAME_MAX_LENGTH}
                  defaultValue={actionData?.name ?? ""}
                  hint={t.views.nameHint}
                  error={errors.name}
                  autoFocus={firstInvalid === "name"}
                />
              )}
              <TextField
                label={t.views.emailLabel}
                type="email"
                name="email"
                // "webauthn": the browser may offer this site's passkeys among the suggestions (sign in only).
                autoComplete={mode === "signin" ? "username webauthn" : "email"}
                data-passkey-autofill={mode === "signin" ? "" : undefined}
                required
                defaultValue={email}
                placeholder={t.views.emailPlaceholder}
                error={errors.email}
                autoFocus={firstInvalid === "email"}
              />

              {mode !== "reset" && (
                <PasswordField
                  label={t.views.passwordLabel}
                  name="password"
                  autoComplete={mode === "signup" ? "new-password" : "current-password"}
                  required
                  maxLength={PASSWORD_MAX_LENGTH}
                  hint={mode === "signup" ? fill(t.views.passwordHint, { min: minPasswordLength }) : undefined}
                  error={errors.password}
                  autoFocus={firstInvalid === "password"}
                />
              )}

              {mode === "signin" && (
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <label className="flex items-center gap-2 text-sm text-ink-700">
                    <input
                      type="checkbox"
                      name="remember"
                      value="on"
                      defaultChecked={actionData?.remember}
                      className="size-4 rounded border-ink-300 accent-brand-600"
                    />
                    {t.views.remember}
                  </label>
                  <Link to={modeHref("reset", redirectTo, localize)} className={`text-sm whitespace-nowrap ${linkClass}`}>
                    {t.views.forgot}
                  </Link>
                </div>
              )}

              <Button type="submit" className="w-full" data-pending-label={t.views.loading}>
                {submit.label}
              </Button>
              {mode === "signup" && (
                <p className="text-center text-xs leading-relaxed text-ink-600">
                  {t.views.termsBefore}{" "}
                  <Link to={localize("/terms")} className={linkClass}>
                    {t.views.terms}
                  </Link>{" "}
                  {t.views.and}{" "}
                  <Link to={localize("/privacy")} className={linkClass}>
                    {t.views.privacy}
                  </Link>
                  {t.views.termsAfter}
                </p>
              )}
            </form>

            {mode === "reset" && (
              <p className="mt-5 text-center text-sm">
                <Link to={modeHref("signin", redirectTo, localize)} className={linkClass}>
                  {t.views.backToSignIn}
                </Link>
              </p>
            )}

            {mode !== "reset" && (hasProviders || mode === "signin") && (
              // With no provider the only other way in is the passkey: its "or" waits with it (its place kept).
              <div className={cn(!hasProviders && "invisible")} aria-hidden={!hasProviders || undefined} data-waits-for-passkey={hasProviders ? undefined : ""}>
                <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-600 uppercase">
                  <span className="h-px flex-1 bg-ink-200" />
                  {t.views.or}
                  <span className="h-px flex-1 bg-ink-200" />
                </div>
                {hasProviders && (
                  <form method="post" className={mode === "signin" ? "mb-3" : undefined} data-social="" data-failed-words={t.messages.socialFailed}>
                    <input type="hidden" name="intent" value="social" />
                    {/* "popup" while the page script sends this post into the popup (auth-page.ts). */}
                    <input type="hidden" name="via" value="redirect" />
                    <SocialButtons providers={providers} t={t} />
                  </form>
                )}
                {mode === "signin" && (
                  // In the page from the first paint, its place kept: shown once its script runs (WebAuthn
                  // needs one), so it never appears under a finger or pushes the page down (issue 39).
                  <Button
                    variant="secondary"
                    className="invisible w-full"
                    disabled
                    aria-hidden
                    data-passkey=""
                    data-busy-label={t.views.passkeyWaiting}
                    data-words={JSON.stringify(t.passkey)}
                  >
                    <Icon name="fingerprint-pattern" className="size-5" />
                    <span data-label="">{t.views.passkey}</span>
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </div>

      {(mode === "signin" || mode === "signup") && (
        <p className="mt-6 text-center text-sm text-ink-700">
          {mode === "signin" ? t.views.noAccount : t.views.haveAccount}{" "}
          <Link to={modeHref(mode === "signin" ? "signup" : "signin", redirectTo, localize)} className={linkClass}>
            {mode === "signin" ? t.views.createOne : t.views.signInLink}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The page's message: focusable, so a reader is taken to it; its ✕ hides it without a script. */
function NoticeBox({ tone, autoFocus, children }: { tone: Notice["tone"]; autoFocus?: boolean; children: React.ReactNode }) {
  return (
    <div tabIndex={-1} autoFocus={autoFocus} className="mb-5 outline-none">
      <Banner tone={tone} dismissible>
        {children}
      </Banner>
    </div>
  );
}

/**
 * After sign-up: where the link went, and another one when the spec's rules
 * allow. The link signs its opener in (a new tab of this browser, usually):
 * the page script notices and this tab moves on (`data-verify-watch`); without
 * JavaScript a reload does the same.
 */
function VerifyEmail({ pending, t }: { pending: PendingState; t: typeof english }) {
  const localize = useLocalize();
  // The address in bold inside the sentence, wherever the language puts it.
  const [before, after = ""] = t.views.sentTo.split("{email}");
  return (
    <div className="space-y-5" data-verify-watch="">
      {/* The form the visitor pressed went with the post: the answer takes the focus (HTML autofocus, as NoticeBox). */}
      <div tabIndex={-1} autoFocus className="outline-none">
        <Banner tone="success">{t.messages.checkEmail}</Banner>
      </div>
      <p className="text-sm leading-relaxed text-ink-700">
        {before}
        <strong className="font-semibold wrap-anywhere text-ink-950">{pending.email}</strong>
        {after}
      </p>
      <ResendButton pending={pending} t={t} />
      <p className="text-center text-sm">
        <Link to={localize("/auth")} className={linkClass}>
          {t.views.backToSignIn}
        </Link>
      </p>
    </div>
  );
}
