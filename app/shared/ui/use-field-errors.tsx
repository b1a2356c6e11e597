import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, hasFieldErrors } from "~/shared/lib/field-errors";
import { shell } from "~/shared/i18n/catalog/shell";
import { fill, useMessages } from "~/shared/i18n/messages";

interface Options<K extends string> {
  /** The form's check (shared with its route action): run on submit, before anything is sent. */
  validate: (fields: FormData) => FieldErrors<K>;
  /** The newest answer of the server (action data or a fetcher's data): a new one replaces the errors shown. */
  answer: unknown;
  /** That answer's field errors. */
  answerErrors: FieldErrors<K> | undefined;
}

/** The first control, in the form's order, whose field has an error. */
function firstInvalid(form: HTMLFormElement, errors: FieldErrors): HTMLElement | null {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name] && element instanceof HTMLElement && !(element as HTMLInputElement).disabled && (element as HTMLInputElement).type !== "hidden")
      return element;
  }
  return null;
}

/** "2 fields need attention: Email, Password." for the screen-reader summary, from the controls' own labels. */
function summaryOf(form: HTMLFormElement, errors: FieldErrors, t: typeof shell): string {
  const labels: string[] = [];
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (!name || !errors[name]) continue;
    // A group of boxes (the date of birth's day, month and year) is named by its fieldset's legend.
    const label =
      element instanceof HTMLFieldSetElement
        ? element.querySelector("legend")?.textContent?.trim()
        : (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
    if (label && !labels.includes(label)) labels.push(label);
  }
  const count = Object.values(errors).filter(Boolean).length;
  if (count === 0) return "";
  const head = count === 1 ? t.fieldNeedsAttention : fill(t.fieldsNeedAttention, { n: count });
  return labels.length > 0 ? `${head}: ${labels.join(", ")}.` : `${head}.`;
}

/**
 * The page's half of the one error system (shared/lib/field-errors.ts): the
 * form is `noValidate` (no browser bubble, in the browser's words and
 * locale), its `invalid` events are prevented, and a submit first runs the
 * form's shared check. Errors go into the fields' own slots, the first
 * invalid field is focused, and a screen-reader summary names the others.
 * A server answer's errors (the same messages) take their place when it
 * arrives; typing in a field clears its error.
 *
 * Spread `formProps` on the `<form>` (or `<Form>` / `fetcher.Form`: React
 * Router skips a submit whose event was prevented) and render `summary`.
 */
export function useFieldErrors<K extends string>({ validate, answer, answerErrors }: Options<K>) {
  // Errors the page found itself, until the next answer of the server.
  const [local, setLocal] = useState<{ answer: unknown; errors: FieldErrors<K> } | null>(null);
  const errors = useMemo<FieldErrors<K>>(() => (local && local.answer === answer ? local.errors : (answerErrors ?? {})), [local, answer, answerErrors]);
  // The form element, through a callback ref (state, so the effects below see it once it is mounted).
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // The labels are read from the rendered form (the same in every render); "" on the server and at hydration.
  const t = useMessages("shell", shell);
  const summary = form ? summaryOf(form, errors, t) : "";
  const focusPending = useRef(false);
  const seenAnswer = useRef(answer);

  // A new answer with field errors (a fetcher's): focus its first field, as a local check does.
  useEffect(() => {
    if (seenAnswer.current === answer) return;
    seenAnswer.current = answer;
    if (hasFieldErrors(answerErrors)) focusPending.current = true;
  }, [answer, answerErrors]);

  useEffect(() => {
    if (!form || !focusPending.current) return;
    focusPending.current = false;
    firstInvalid(form, errors)?.focus();
  }, [form, errors]);

  const formProps = {
    ref: setForm,
    noValidate: true,
    onInvalidCapture: (event: React.FormEvent<HTMLFormElement>) => event.preventDefault(),
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      const found = validate(new FormData(event.currentTarget));
      if (hasFieldErrors(found)) {
        event.preventDefault();
        focusPending.current = true;
        setLocal({ answer, errors: found });
      } else {
        setLocal({ answer, errors: {} });
      }
    },
    onChange: (event: React.FormEvent<HTMLFormElement>) => {
      const name = (event.target as HTMLInputElement).name as K;
      if (!name || !errors[name]) return;
      const rest = { ...errors };
      delete rest[name];
      setLocal({ answer, errors: rest });
    },
  };
  return { errors, formProps, form, summary: <ErrorSummary text={summary} /> };
}

/**
 * Read out when it changes: a live region that exists before it has anything
 * to say. Polite, and not an `alert`: focus moves to the first field, whose
 * own error is read with it; this names the others after that.
 */
function ErrorSummary({ text }: { text: string }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {text}
    </p>
  );
}
