import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { authApi } from "./auth-api";
import { AUTH_MESSAGES, PROVIDER_NAMES, type ProviderId } from "./messages";
import { type SocialOutcome, signInWithProvider } from "./social-sign-in";
import { SocialButtons } from "./social-buttons";
import { cacheUser, REMEMBER_DEVICE_KEY } from "./user-cache";

export type AuthMode = "signin" | "signup" | "reset";

interface Notice {
  tone: "error" | "success";
  text: string;
}

interface AuthFormProps {
  initialMode: AuthMode;
  initialNotice: Notice | null;
  providers: Record<ProviderId, boolean>;
  minPasswordLength: number;
}

const HEADINGS: Record<AuthMode, { title: string; subtitle: string }> = {
  signin: { title: "Welcome Back", subtitle: "Sign in to continue to Tuesday AI." },
  signup: { title: "Create your account", subtitle: "Free to start. No coding experience required." },
  reset: { title: "Reset your password", subtitle: "We will email you a link to choose a new one." },
};

/** The message for a failed call, in the spec's words where it has them. */
function failureText(result: { status: number; code?: string; message?: string }, fallback: string): string {
  if (result.status === 429 && result.message) return result.message;
  if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG" || result.code === "INVALID_EMAIL") {
    return result.message ?? fallback;
  }
  return fallback;
}

export function AuthForm({ initialMode, initialNotice, providers, minPasswordLength }: AuthFormProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const [canResend, setCanResend] = useState(false);
  const [resending, setResending] = useState(false);
  const [socialBusy, setSocialBusy] = useState<ProviderId | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  /** Switching views clears every message (spec: toggling clears messages). */
  const switchTo = (next: AuthMode) => {
    setMode(next);
    setNotice(null);
    setCanResend(false);
  };

  const finishSignIn = async (user?: { id: string; name: string; email: string }) => {
    if (user) cacheUser(user);
    await navigate("/home");
    await revalidator.revalidate();
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    setSubmitting(true);
    try {
      if (mode === "reset") {
        const result = await authApi.requestPasswordReset(email);
        setNotice(
          result.ok
            ? { tone: "success", text: AUTH_MESSAGES.resetSent }
            : { tone: "error", text: failureText(result, AUTH_MESSAGES.resetFailed) },
        );
        return;
      }

      if (mode === "signup") {
        const result = await authApi.signUp(email, password);
        if (!result.ok) {
          setNotice({ tone: "error", text: failureText(result, AUTH_MESSAGES.unexpected) });
          return;
        }
        setPassword("");
        setNotice({ tone: "success", text: AUTH_MESSAGES.checkEmail });
        setCanResend(true);
        return;
      }

      const result = await authApi.signIn(email, password, remember);
      if (result.ok) {
        try {
          if (remember) localStorage.setItem(REMEMBER_DEVICE_KEY, "true");
          else localStorage.removeItem(REMEMBER_DEVICE_KEY);
        } catch {
          // storage unavailable: the flag is informational
        }
        await finishSignIn(result.data.user);
        return;
      }
      if (result.code === "EMAIL_NOT_VERIFIED") {
        setNotice({ tone: "error", text: AUTH_MESSAGES.verifyFirst });
        setCanResend(true);
      } else if (result.status === 401 || result.code === "INVALID_EMAIL_OR_PASSWORD") {
        setNotice({ tone: "error", text: AUTH_MESSAGES.invalidCredentials });
      } else {
        setNotice({ tone: "error", text: failureText(result, AUTH_MESSAGES.unexpected) });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    const result = await authApi.resendVerification(email);
    setResending(false);
    if (result.ok) setNotice({ tone: "success", text: result.data.message });
    else setNotice({ tone: "error", text: result.message ?? AUTH_MESSAGES.resendFailed });
  };

  const onSocial = async (provider: ProviderId) => {
    setNotice(null);
    if (!providers[provider]) {
      setNotice({ tone: "error", text: AUTH_MESSAGES.notConfigured(PROVIDER_NAMES[provider]) });
      return;
    }
    setSocialBusy(provider);
    let outcome: SocialOutcome;
    try {
      outcome = await signInWithProvider(provider);
    } catch {
      outcome = { kind: "failed" };
    }
    setSocialBusy(null);
    if (outcome.kind === "success") await finishSignIn();
    else if (outcome.kind === "failed") {
      setNotice({
        tone: "error",
        text: outcome.notConfigured ? AUTH_MESSAGES.notConfigured(PROVIDER_NAMES[provider]) : AUTH_MESSAGES.socialFailed(PROVIDER_NAMES[provider]),
      });
    }
  };

  const heading = HEADINGS[mode];
  const busyLabel = "Loading...";

  return (
    <div className="w-full max-w-md">
      <div className="text-center">
        <h1 className="text-3xl font-bold">{heading.title}</h1>
        <p className="mt-2 text-ink-600">{heading.subtitle}</p>
      </div>

      <div className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="mb-5 outline-none">
            <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
            {canResend && mode !== "reset" && (
              <Button variant="secondary" size="sm" className="mt-3 w-full" onClick={onResend} disabled={resending || !email}>
                {resending ? "Sending..." : "Resend Verification Email"}
              </Button>
            )}
          </div>
        )}

        <form onSubmit={onSubmit} className="space-y-5" noValidate={false}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />

          {mode !== "reset" && (
            <PasswordField
              label="Password"
              name="password"
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              required
              minLength={mode === "signup" ? minPasswordLength : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={mode === "signup" ? `At least ${minPasswordLength} characters.` : undefined}
            />
          )}

          {mode === "signin" && (
            <div className="flex items-center justify-between gap-4">
              <label className="flex items-center gap-2 text-sm text-ink-700">
                <input
                  type="checkbox"
                  name="remember"
                  checked={remember}
                  onChange={(e) => setRemember(e.target.checked)}
                  className="size-4 rounded border-ink-300 text-brand-600 accent-brand-600"
                />
                Remember this device
              </label>
              <button type="button" className="text-sm font-semibold text-brand-700 hover:text-brand-800" onClick={() => switchTo("reset")}>
                Forgot Password?
              </button>
            </div>
          )}

          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? busyLabel : mode === "signin" ? "Sign In" : mode === "signup" ? "Create Account" : "Send Reset Link"}
          </Button>

          {mode === "reset" && (
            <Button variant="ghost" className="w-full" onClick={() => switchTo("signin")}>
              Back to Sign In
            </Button>
          )}
        </form>

        {mode !== "reset" && (
          <>
            <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-600 uppercase">
              <span className="h-px flex-1 bg-ink-200" />
              or
              <span className="h-px flex-1 bg-ink-200" />
            </div>
            <SocialButtons providers={providers} busy={socialBusy} onSelect={onSocial} />
          </>
        )}
      </div>

      {mode !== "reset" && (
        <p className="mt-6 text-center text-sm text-ink-700">
          {mode === "signin" ? "Don't have an account?" : "Already have an account?"}{" "}
          <button
            type="button"
            className="font-semibold text-brand-700 hover:text-brand-800"
            onClick={() => switchTo(mode === "signin" ? "signup" : "signin")}
          >
            {mode === "signin" ? "Create one" : "Sign in"}
          </button>
        </p>
      )}
    </div>
  );
}
