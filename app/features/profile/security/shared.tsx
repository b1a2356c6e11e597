/** What the security page's sections share: the panel's look, the answer a section is about, its checked forms. */
import type { ReactNode } from "react";
import { Form, type FormProps } from "react-router";
import type { FieldErrors } from "~/shared/lib/field-errors";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { PasswordField, TextField } from "~/shared/ui/field";
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

export function NeedsConfirmation({ what }: { what: string }) {
  return (
    <p className="mt-4 max-w-prose text-sm text-ink-700">
      To {what}, first{" "}
      <a href={`#${CONFIRM_ANCHOR}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        confirm it's you
      </a>
      .
    </p>
  );
}

/** A 6-digit code from the authenticator app (spaces allowed: people type "123 456"). */
export function TotpCodeField({ label, error }: { label: string; error?: string }) {
  return <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required error={error} />;
}

/** A change that asks for the password first (an account without one confirms by its fresh sign-in alone). */
export function PasswordStepForm({ intent, answer, hasPassword, button }: { intent: SecurityIntent; answer: SecurityActionData | undefined; hasPassword: boolean; button: ReactNode }) {
  return (
    <CheckedForm className="grid content-start gap-4" validate={checkPasswordGiven} answer={answerFor(answer, intent)}>
      {(errors) => (
        <>
          <input type="hidden" name="intent" value={intent} />
          {hasPassword && <PasswordField label="Your password" name="password" autoComplete="current-password" required error={errors.password} />}
          <div>{button}</div>
        </>
      )}
    </CheckedForm>
  );
}
