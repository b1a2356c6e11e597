import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate, useRevalidator } from "react-router";
import { auth as english } from "~/shared/i18n/catalog/auth";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";
import { useEachAnswer } from "~/shared/lib/use-each-answer";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { cn } from "~/shared/lib/cn";
import { IdempotencyKeyField } from "~/shared/ui/idempotency-key-field";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import type { FieldErrors } from "~/shared/lib/field-errors";
import { checkResetRequest, checkSignIn, checkSignUp, PASSWORD_MAX_LENGTH } from "./auth-fields";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import type { AuthActionData, AuthMode, Notice, PendingState } from "./auth-state";
import { PROVIDER_NAMES, type ProviderId } from "./messages";
import { ResendButton } from "./resend-button";
import { SocialButtons } from "./social-buttons";
import { authenticateWithPasskey } from "./passkey-client";
import { openPopup, waitForPopup } from "./social-sign-in";
import { REMEMBER_DEVICE_KEY } from "./user-cache";

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
  /** The answer to a plain form post (no JavaScript, or before hydration). */
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
 * The auth screen (spec section 2). Every form posts to the /auth route
 * action: without JavaScript as a plain post that comes back as this page,
 * with it through fetchers, without a reload. The views (sign in, create
 * account, reset, check your email) are URLs, so switching works without
 * scripts too and clears every message (spec: toggling clears messages).
 */
export function AuthForm({ mode, initialNotice, providers, minPasswordLength, redirectTo, pending, actionData }: AuthFormProps) {
  const t = useMessages("auth", english);
  const localize = useLocalize();
  const form = useFetcher<AuthActionData>();
  const resend = useFetcher<AuthActionData>();
  const social = useFetcher<AuthActionData>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  // The newest answer of any of this page's forms is the one the page shows.
  const [notice, setNotice] = useState<Notice | null>(actionData ? actionData.notice : initialNotice);
  const [canResend, setCanResend] = useState(Boolean(actionData?.canResend));
  // The address's resend state after a sign-in refused for it (the button counts down like the check-your-email view's).
  const [resendState, setResendState] = useState<PendingState | null>(actionData?.pending ?? null);
  const [email, setEmail] = useState(actionData?.email ?? pending?.email ?? "");
  const popup = useRef<{ window: Window; provider: ProviderId } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // The browser's passkey suggestions in the email field (conditional mediation), started on its first focus.
  const autofill = useRef<AbortController | null>(null);
  useEffect(() => () => autofill.current?.abort(), []);

  const afterPasskey = async (result: Awaited<ReturnType<typeof authenticateWithPasskey>>) => {
    if (result.ok) {
      await navigate(localize(redirectTo ?? "/home"));
      await revalidator.revalidate();
    } else if (!result.cancelled) {
      setNotice({ tone: "error", text: result.message });
    }
  };
  const onEmailFocus = () => {
    if (mode !== "signin" || autofill.current) return;
    const controller = new AbortController();
    autofill.current = controller;
    void authenticateWithPasskey({ autofill: true, signal: controller.signal, t: t.passkey }).then((result) => {
      if (!controller.signal.aborted) void afterPasskey(result);
    });
  };
  const onPasskey = async () => {
    // One WebAuthn prompt at a time: the button's replaces the field's suggestions.
    autofill.current?.abort();
    setNotice(null);
    setPasskeyBusy(true);
    const result = await authenticateWithPasskey({ t: t.passkey });
    setPasskeyBusy(false);
    await afterPasskey(result);
  };

  useEachAnswer(form.data, form.state, (answer) => {
    setNotice(answer.notice);
    setCanResend(Boolean(answer.canResend));
    setResendState(answer.pending ?? null);
  });
  // The sign-in, sign-up and reset forms' field errors: the same check here and in the action (auth-fields.ts).
  const formAnswer = form.data ?? actionData;
  const fields = useFieldErrors({
    validate: (data): FieldErrors =>
      mode === "signup" ? checkSignUp(data, minPasswordLength, t) : mode === "reset" ? checkResetRequest(data, t) : checkSignIn(data, t),
    answer: formAnswer,
    answerErrors: formAnswer?.fieldErrors,
  });
  useEachAnswer(resend.data, resend.state, (answer) => {
    setNotice(answer.notice);
    if (answer.pending) setResendState(answer.pending);
  });
  useEachAnswer(social.data, social.state, (answer) => {
    const opened = popup.current;
    popup.current = null;
    if (answer.notice) setNotice(answer.notice);
    if (!opened) return;
    if (!answer.socialUrl) {
      opened.window.close();
      return;
    }
    opened.window.location.href = answer.socialUrl;
    void waitForPopup(opened.window, opened.provider).then(async (outcome) => {
      if (outcome === "failed") {
        setNotice({ tone: "error", text: fill(t.messages.socialFailed, { provider: PROVIDER_NAMES[opened.provider] }) });
        return;
      }
      if (outcome === "two-factor") {
        await navigate(localize(redirectTo ? `/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/two-factor"));
        return;
      }
      await navigate(localize(redirectTo ?? "/home"));
      await revalidator.revalidate();
    });
  });

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const onSocial = (event: React.MouseEvent<HTMLButtonElement>, provider: ProviderId) => {
    // Without this handler (no JavaScript) the button posts its form and the action redirects.
    event.preventDefault();
    setNotice(null);
    if (!providers[provider]) {
      setNotice({ tone: "error", text: fill(t.messages.notConfigured, { provider: PROVIDER_NAMES[provider] }) });
      return;
    }
    const opened = openPopup();
    popup.current = opened ? { window: opened, provider } : null;
    void social.submit({ intent: "social", provider, via: opened ? "popup" : "redirect" }, { method: "post" });
  };

  const heading = t.views.headings[mode];
  const submitMode = mode === "verify" ? "signin" : mode;
  const submit = { intent: INTENTS[submitMode], label: t.views.submit[submitMode] };
  const busy = form.state !== "idle";

  return (
    <div className="w-full max-w-md">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-balance">{heading.title}</h1>
        <p className="mt-2 text-ink-600">{heading.subtitle}</p>
      </div>

      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="mb-5 outline-none">
            <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
          </div>
        )}

        {mode === "verify" && pending ? (
          <VerifyEmail pending={pending} fetcher={resend} t={t} />
        ) : (
          <>
            {mode === "signin" && canResend && resendState && !resendState.verified && (
              // The same button as the check-your-email view's: disabled and counting down while the spec's
              // five minutes last, "Please wait N minutes…" beside it, instead of a red error after the press.
              <div className="-mt-2 mb-5">
                <ResendButton key={`${resendState.waitS}:${resendState.attemptsLeft}`} pending={resendState} fetcher={resend} t={t} />
              </div>
            )}

            <form.Form
              method="post"
              className="space-y-5"
              {...fields.formProps}
              onSubmit={(event) => {
                setNotice(null);
                fields.formProps.onSubmit(event);
                if (event.defaultPrevented) return;
                if (mode !== "signin") return;
                // The spec's local 'rememberDevice' flag; the session cookie itself is the server's.
                const remember = new FormData(event.currentTarget).get("remember") === "on";
                try {
                  if (remember) localStorage.setItem(REMEMBER_DEVICE_KEY, "true");
                  else localStorage.removeItem(REMEMBER_DEVICE_KEY);
                } catch {
                  // storage unavailable: the flag is informational
                }
              }}
            >
              {fields.summary}
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
                  error={fields.errors.name}
                />
              )}
              <TextField
                label={t.views.emailLabel}
                type="email"
                name="email"
                // "webauthn": the browser may offer this site's passkeys among the suggestions (sign in only).
                autoComplete={mode === "signin" ? "username webauthn" : "email"}
                onFocus={onEmailFocus}
                required
                // Uncontrolled: what a visitor typed before the page hydrated (a slow phone) stays; a
                // controlled field is emptied by hydration (docs/decisions/0019-slow-phone.md).
                defaultValue={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder={t.views.emailPlaceholder}
                error={fields.errors.email}
              />

              {mode !== "reset" && (
                <PasswordField
                  label={t.views.passwordLabel}
                  name="password"
                  autoComplete={mode === "signup" ? "new-password" : "current-password"}
                  required
                  maxLength={PASSWORD_MAX_LENGTH}
                  hint={mode === "signup" ? fill(t.views.passwordHint, { min: minPasswordLength }) : undefined}
                  error={fields.errors.password}
                />
              )}

              {mode === "signin" && (
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <label className="flex items-center gap-2 text-sm text-ink-700">
                    <input type="checkbox" name="remember" value="on" className="size-4 rounded border-ink-300 accent-brand-600" />
                    {t.views.remember}
                  </label>
                  <Link to={modeHref("reset", redirectTo, localize)} className={`text-sm whitespace-nowrap ${linkClass}`}>
                    {t.views.forgot}
                  </Link>
                </div>
              )}

              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t.views.loading : submit.label}
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
            </form.Form>

            {mode === "reset" && (
              <p className="mt-5 text-center text-sm">
                <Link to={modeHref("signin", redirectTo, localize)} className={linkClass}>
                  {t.views.backToSignIn}
                </Link>
              </p>
            )}

            {mode !== "reset" && (Object.keys(providers).length > 0 || mode === "signin") && (
              // With no provider the only other way in is the passkey: its "or" waits with it (its place kept).
              <div
                data-other-ways=""
                className={cn(Object.keys(providers).length === 0 && !hydrated && "invisible")}
                aria-hidden={(Object.keys(providers).length === 0 && !hydrated) || undefined}
              >
                <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-600 uppercase">
                  <span className="h-px flex-1 bg-ink-200" />
                  {t.views.or}
                  <span className="h-px flex-1 bg-ink-200" />
                </div>
                {Object.keys(providers).length > 0 && (
                  <social.Form method="post" className={mode === "signin" ? "mb-3" : undefined}>
                    <input type="hidden" name="intent" value="social" />
                    <SocialButtons
                      providers={providers}
                      busy={social.state !== "idle" ? ((social.formData?.get("provider") as ProviderId | null) ?? null) : null}
                      onSelect={onSocial}
                      t={t}
                    />
                  </social.Form>
                )}
                {mode === "signin" && (
                  // In the page from the first paint, its place kept: shown once its script runs (WebAuthn
                  // needs one), so it never appears under a finger or pushes the page down (issue 39).
                  <Button
                    type="button"
                    variant="secondary"
                    className={cn("w-full", !hydrated && "invisible")}
                    onClick={onPasskey}
                    disabled={passkeyBusy || !hydrated}
                    aria-hidden={!hydrated || undefined}
                  >
                    <Icon name="fingerprint-pattern" className="size-5" />
                    {passkeyBusy ? t.views.passkeyWaiting : t.views.passkey}
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

/** After sign-up: where the link went, and another one when the spec's rules allow. */
function VerifyEmail({ pending, fetcher, t }: { pending: PendingState; fetcher: ReturnType<typeof useFetcher<AuthActionData>>; t: typeof english }) {
  useNoticeVerification();
  const localize = useLocalize();
  // The address in bold inside the sentence, wherever the language puts it.
  const [before, after = ""] = t.views.sentTo.split("{email}");
  return (
    <div className="space-y-5">
      <Banner tone="success">{t.messages.checkEmail}</Banner>
      <p className="text-sm leading-relaxed text-ink-700">
        {before}
        <strong className="font-semibold break-all text-ink-950">{pending.email}</strong>
        {after}
      </p>
      <ResendButton key={`${pending.waitS}:${pending.attemptsLeft}`} pending={pending} fetcher={fetcher} t={t} />
      <p className="text-center text-sm">
        <Link to={localize("/auth")} className={linkClass}>
          {t.views.backToSignIn}
        </Link>
      </p>
    </div>
  );
}

/**
 * The link signs its opener in (a new tab of this browser, usually): this tab
 * asks its loader again when it is looked at again and every few seconds while
 * visible, and the loader sends a signed-in visitor on to /home. Without
 * JavaScript a reload does the same.
 */
function useNoticeVerification() {
  const { revalidate, state } = useRevalidator();
  const idle = state === "idle";
  useEffect(() => {
    if (!idle) return;
    const check = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    const timer = window.setInterval(check, 5_000);
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [idle, revalidate]);
}
