/** What the security page's sections share: the panel's look, the answer a section is about, its checked forms. */
import type { ReactNode } from "react";
import { Form, type FormProps } from "react-router";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import type { Locale } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import type { FieldErrors } from "~/shared/lib/field-errors";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { PasswordField, TextField } from "~/shared/ui/field";
import { fillNodes } from "../fill-nodes";
import { rateLimitedMessage } from "../rate-limit-words";
import { checkPasswordGiven } from "../security-fields";
import type { SecurityActionData, SecurityIntent } from "../security-state";

export const panel = "rounded-3xl bg-white p-6 shadow-lift ring-1 ring-ink-200/70 sm:p-8";

/** The answer, if it is about one of `intents`. */
export function answerFor(answer: SecurityActionData | undefined, ...intents: SecurityIntent[]): SecurityActionData | undefined {
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/** The error beside `field`, when the answer refused it. */
export function fieldError(answer: SecurityActionData | undefined, field: SecurityActionData["field"]): string | undefined {
  if (!answer || answer.ok || !field) return undefined;
  return answer.fieldErrors?.[field] ?? (answer.field === field ? answer.message : undefined);
}

/** Every field error of an answer. */
function answerErrors(answer: SecurityActionData | undefined): FieldErrors {
  if (!answer || answer.ok) return {};
  return answer.fieldErrors ?? (answer.field ? { [answer.field]: answer.message } : {});
}

interface CheckedFormProps extends Omit<FormProps, "children" | "method"> {
  /** The form's check, shared with its action (security-fields.ts). */
  validate: (fields: FormData) => FieldErrors;
  /** The page's answer if it is about this form (answerFor), else undefined. */
  answer: SecurityActionData | undefined;
  children: (errors: FieldErrors) => ReactNode;
}

/** A security form in the one error system (shared/ui/use-field-errors.tsx): checked before posting, errors in the fields' slots. */
export function CheckedForm({ validate, answer, children, ...props }: CheckedFormProps) {
  const fields = useFieldErrors({ validate, answer, answerErrors: answerErrors(answer) });
  return (
    <Form method="post" {...props} {...fields.formProps}>
      {fields.summary}
      {children(fields.errors)}
    </Form>
  );
}

/** Where a stale session is sent to confirm it's them (the panel at the top of the page). */
export const CONFIRM_ANCHOR = "confirm-identity";

/** "To change your password, first confirm it's you." (`what` in the page's words: `security.confirmFor`). */
export function NeedsConfirmation({ what }: { what: string }) {
  const t = useMessages("account", account);
  return (
    <p className="mt-4 max-w-prose text-sm text-ink-700">
      {fillNodes(t.security.needsConfirmation, {
        what,
        confirm: (
          <a href={`#${CONFIRM_ANCHOR}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t.security.confirmLink}
          </a>
        ),
      })}
    </p>
  );
}

/** A 6-digit code from the authenticator app (spaces allowed: people type "123 456"). */
export function TotpCodeField({ label, error }: { label: string; error?: string }) {
  return <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required error={error} />;
}

/** A change that asks for the password first (an account without one confirms by its fresh sign-in alone). */
export function PasswordStepForm({
  intent,
  answer,
  hasPassword,
  button,
  passwordLabel,
}: {
  intent: SecurityIntent;
  answer: SecurityActionData | undefined;
  hasPassword: boolean;
  button: ReactNode;
  /** Where two of these forms share a card: what this password is for. */
  passwordLabel?: string;
}) {
  const t = useMessages("account", account);
  return (
    <CheckedForm className="grid content-start gap-4" validate={(data) => checkPasswordGiven(data, t)} answer={answerFor(answer, intent)}>
      {(errors) => (
        <>
          <input type="hidden" name="intent" value={intent} />
          {hasPassword && (
            <PasswordField
              label={passwordLabel ?? t.security.confirm.yourPassword}
              name="password"
              autoComplete="current-password"
              required
              error={errors.password}
            />
          )}
          <div>{button}</div>
        </>
      )}
    </CheckedForm>
  );
}

/** The passkey plugin's refusals the browser is told (passkeys.server.ts), by code. */
const PASSKEY_CODES: Record<string, keyof typeof auth.passkey> = {
  CHALLENGE_EXPIRED: "expired",
  PASSKEY_INVALID: "checkFailed",
  FAILED_TO_CREATE_SESSION: "checkFailed",
  PASSKEY_UNKNOWN: "unknown",
  EMAIL_NOT_VERIFIED: "unverified",
  PASSKEY_NOT_FOUND: "notFound",
  NAME_REQUIRED: "nameRequired",
};

/**
 * A passkey attempt that failed (features/auth/passkey-client.ts, given the
 * auth area's words), in the page's words: the re-authentication gate and
 * the rate limit by their codes (the client passes their English on), the
 * passkey plugin's refusals by theirs, the browser's own in the page's words
 * already (or in English, which is mapped back); anything else as it came on
 * an English page, and as `fallback` on a Hindi one.
 */
export function passkeyMessage(
  result: { message: string; code?: string },
  words: { account: typeof account; auth: typeof auth; locale: Locale },
  fallback: string,
): string {
  const { code, message } = result;
  if (code === "REAUTHENTICATION_REQUIRED") return words.account.security.messages.reauthRequired;
  if (code === "RATE_LIMITED") return rateLimitedMessage({ message }, words.auth) ?? (words.locale === "en" ? message : fallback);
  const byCode = code ? PASSKEY_CODES[code] : undefined;
  if (byCode) return words.auth.passkey[byCode];
  if ((Object.values(words.auth.passkey) as string[]).includes(message)) return message;
  const byText = (Object.keys(auth.passkey) as Array<keyof typeof auth.passkey>).find((key) => auth.passkey[key] === message);
  if (byText) return words.auth.passkey[byText];
  return words.locale === "en" ? message : fallback;
}
