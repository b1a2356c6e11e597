import { useEffect, useRef, useState } from "react";
import { IdempotencyKeyField } from "~/shared/ui/idempotency-key-field";
import { Link, useFetcher } from "react-router";
import { Banner } from "~/shared/ui/banner";
import { Button, buttonClasses } from "~/shared/ui/button";
import { TextArea, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { forms } from "~/shared/i18n/catalog/forms";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { aroundLink, type FormsMessages } from "./form-copy";
import { FIELD_MAX_LENGTH, FIELDS, type FieldName, type FormActionResult, type FormError, type FormKind, validateSubmission } from "./form-schema";
import { Honeypot } from "./honeypot";

export interface MessageFormProps {
  kind: FormKind;
  /**
   * The page's action data: the answer to a plain post made without
   * JavaScript (or before the page was interactive).
   */
  initial?: FormActionResult;
  /** Prefill for a signed-in visitor. */
  defaults?: { name?: string; email?: string };
}

type FieldErrors = Partial<Record<FieldName, string>>;

function fieldErrorsOf(result: FormActionResult | undefined): FieldErrors {
  const out: FieldErrors = {};
  if (result?.status !== "invalid") return out;
  for (const error of result.errors as FormError[]) {
    const field = error.field as FieldName | undefined;
    if (field && FIELDS.includes(field) && !out[field]) out[field] = error.message;
  }
  return out;
}

/** The server's own check, run before a post: the same messages in the same slots, in the page's words (shared/lib/field-errors.ts). */
function checkFields(data: FormData, t: FormsMessages): FieldErrors {
  const checked = validateSubmission({ name: data.get("name"), email: data.get("email"), message: data.get("message") }, t);
  return checked.ok ? {} : fieldErrorsOf({ status: "invalid", errors: checked.errors, values: {} });
}

/** 'Submission failed.' for every failure that is not a field error (spec section 8). */
function failureOf(result: FormActionResult | undefined): { detail?: string } | null {
  if (!result) return null;
  if (result.status === "failed") return { detail: result.detail };
  if (result.status === "invalid" && FIELDS.every((f) => !fieldErrorsOf(result)[f])) return {};
  return null;
}

/**
 * Name, Email and Message, posted to the page's own action: with JavaScript
 * through a fetcher (no reload), without it as a plain form post that comes
 * back as the same page with the answer. "Send another" starts a fresh round.
 */
export function MessageForm({ kind, initial, defaults }: MessageFormProps) {
  const [round, setRound] = useState(0);
  return (
    <MessageFormRound
      key={round}
      kind={kind}
      initial={round === 0 ? initial : undefined}
      defaults={defaults}
      focusFirstField={round > 0}
      onReset={() => setRound((r) => r + 1)}
    />
  );
}

interface RoundProps extends MessageFormProps {
  focusFirstField: boolean;
  onReset: () => void;
}

function MessageFormRound({ kind, initial, defaults, focusFirstField, onReset }: RoundProps) {
  const fetcher = useFetcher<FormActionResult>();
  const t = useMessages("forms", forms);
  const localize = useLocalize();
  const copy = t[kind];
  const result = fetcher.data ?? initial;
  const submitting = fetcher.state !== "idle";

  const fields = useFieldErrors({ validate: (data) => checkFields(data, t), answer: result, answerErrors: fieldErrorsOf(result) });
  const [privacyBefore, privacyAfter] = aroundLink(t.privacyNote);
  const successRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const errors = fields.errors;
  const failure = failureOf(result);
  const values = result && result.status !== "sent" ? result.values : undefined;
  // After a plain post (no JavaScript yet) the browser focuses the first invalid field itself.
  const autoFocusField = !fetcher.data && initial ? FIELDS.find((f) => errors[f]) : undefined;

  // With JavaScript: focus what the answer is about (a field's error focuses its field: useFieldErrors).
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.status === "sent") successRef.current?.focus();
    else if (failureOf(answer)) failureRef.current?.focus();
  }, [fetcher.data]);

  useEffect(() => {
    if (focusFirstField) (fields.form?.elements.namedItem("name") as HTMLElement | null)?.focus();
  }, [focusFirstField, fields.form]);

  if (result?.status === "sent") {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        data-testid="form-success"
        className="rounded-2xl bg-emerald-50 px-6 py-8 text-center ring-1 ring-emerald-200 outline-none ring-inset focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <Icon name="circle-check" className="mx-auto size-10 text-emerald-600" />
        <p className="mt-3 text-lg font-semibold text-emerald-900">{copy.success}</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-emerald-800">{copy.successFollowUp}</p>
        <Link
          to={localize(`/${kind}`)}
          className={buttonClasses("secondary", "sm", "mt-6")}
          onClick={(event) => {
            // Without JavaScript this is a plain link back to an empty form.
            event.preventDefault();
            onReset();
          }}
        >
          {copy.sendAnother}
        </Link>
      </div>
    );
  }

  return (
    <fetcher.Form {...fields.formProps} method="post" encType="multipart/form-data" className="relative space-y-5" aria-busy={submitting}>
      {fields.summary}
      {failure && (
        <div ref={failureRef} tabIndex={-1} className="outline-none">
          {/* Its ✕ needs no script: the contact and feedback pages ship no framework (ADR 0035). */}
          <Banner tone="error" dismissible>
            <p className="font-medium">{t.submissionFailed}</p>
            {failure.detail && <p className="mt-1">{failure.detail}</p>}
          </Banner>
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t.labels.name}
          name="name"
          autoComplete="name"
          required
          maxLength={FIELD_MAX_LENGTH.name}
          defaultValue={values?.name ?? defaults?.name ?? ""}
          error={errors.name}
          autoFocus={autoFocusField === "name"}
        />
        <TextField
          label={t.labels.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={FIELD_MAX_LENGTH.email}
          defaultValue={values?.email ?? defaults?.email ?? ""}
          error={errors.email}
          autoFocus={autoFocusField === "email"}
          placeholder="you@example.com"
        />
      </div>
      <TextArea
        label={t.labels.message}
        name="message"
        rows={4}
        required
        maxLength={FIELD_MAX_LENGTH.message}
        defaultValue={values?.message ?? ""}
        error={errors.message}
        autoFocus={autoFocusField === "message"}
        placeholder={copy.messagePlaceholder}
        hint={fill(t.messageHint, { max: FIELD_MAX_LENGTH.message.toLocaleString("en-US") })}
      />

      <Honeypot label={t.honeypot} />
      <IdempotencyKeyField />

      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-ink-600">
          {privacyBefore}
          <Link to={localize("/privacy")} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t.privacyLink}
          </Link>
          {privacyAfter}
        </p>
        {/* data-pending-label: on a page without React Router the boot script says it (app/client/boot.ts). */}
        <Button type="submit" className="w-full shrink-0 sm:w-auto" disabled={submitting} data-pending-label={copy.submitting}>
          {submitting ? copy.submitting : copy.submit}
        </Button>
      </div>
    </fetcher.Form>
  );
}
