/**
 * The feedback and contact forms' fields, limits and validation, with the
 * hosted form service's error codes (spec section 8) so that clients written
 * for that service understand our answers.
 *
 * Shared by the server (the only place that validates) and the UI (labels,
 * limits, the honeypot's name): no server imports and no zod here, so the
 * forms' page chunks stay small.
 */
import type { FormKind } from "~/infra/db/schema";
import { forms } from "~/shared/i18n/catalog/forms";
import { fill } from "~/shared/i18n/messages";
import { isEmail } from "~/shared/lib/field-errors";
import { type FieldRule, isNumeric } from "./field-rules";
import { HONEYPOT_FIELD } from "./honeypot-field";

export type { FormKind };

export const FORM_KINDS: readonly FormKind[] = ["feedback", "contact"];

export function isFormKind(value: unknown): value is FormKind {
  return value === "feedback" || value === "contact";
}

export type FieldName = "name" | "email" | "message";

export const FIELDS: readonly FieldName[] = ["name", "email", "message"];

/** The labels the forms show in English; every field error message starts with one (spec section 5). */
export const FIELD_LABELS: Record<FieldName, string> = forms.labels;

/** Characters (Unicode code points), after trimming. */
export const FIELD_MAX_LENGTH: Record<FieldName, number> = { name: 100, email: 254, message: 5000 };

export { HONEYPOT_FIELD };

/**
 * Field codes. The first four are the form service's own (section 8);
 * `FIELD_TOO_LONG` is ours, for the limits above (the service had none we know of).
 */
export const FIELD_ERROR_CODES = ["REQUIRED_FIELD_MISSING", "REQUIRED_FIELD_EMPTY", "TYPE_EMAIL", "TYPE_NUMERIC", "TYPE_TEXT", "FIELD_TOO_LONG"] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/**
 * Form-level codes, also the service's: `EMPTY` when nothing at all was sent
 * (or the body could not be read), `NO_FILE_UPLOADS` when a file was attached.
 */
export const FORM_LEVEL_ERROR_CODES = ["EMPTY", "NO_FILE_UPLOADS"] as const;
export type FormErrorCode = (typeof FORM_LEVEL_ERROR_CODES)[number];

/**
 * The form service's refusals of a whole request (`/f/:key`, formspree.server.ts):
 * no such form, a form switched off, a site the form does not allow, a bad
 * Idempotency-Key.
 */
export const REQUEST_ERROR_CODES = ["FORM_NOT_FOUND", "INACTIVE", "BLOCKED", "IDEMPOTENCY_KEY"] as const;
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/** Every code an answer of the form service may carry: the one list (the OpenAPI document's `FormErrors` is generated from it). */
export const FORM_ERROR_CODES = [...FIELD_ERROR_CODES, ...FORM_LEVEL_ERROR_CODES, ...REQUEST_ERROR_CODES] as const;

export interface FormError {
  /** One of FIELDS on the built-in forms; any field a form's rules name on the form service's own forms. */
  field?: string;
  code: FieldErrorCode | FormErrorCode;
  message: string;
}

export interface FormValues {
  name: string;
  email: string;
  message: string;
}

export type Validation = { ok: true; value: FormValues } | { ok: false; errors: FormError[] };

export { isEmail };

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

const grouped = (n: number) => n.toLocaleString("en-US");

/** The words a check writes its errors with: the "forms" area in the page's language (English by default, and always for the API). */
export type CheckWords = Pick<typeof forms, "labels" | "fieldErrors" | "empty">;

/** The field errors in the words given (`{label}` first). */
function fieldMessages(t: CheckWords) {
  const e = t.fieldErrors;
  return {
    REQUIRED_FIELD_MISSING: (label: string) => fill(e.required, { label }),
    REQUIRED_FIELD_EMPTY: (label: string) => fill(e.required, { label }),
    TYPE_EMAIL: (label: string) => fill(e.email, { label }),
    TYPE_TEXT: (label: string) => fill(e.text, { label }),
    TYPE_NUMERIC: (label: string) => fill(e.number, { label }),
    FIELD_TOO_LONG: (label: string, max: number, got: number) => fill(e.tooLong, { label, max: grouped(max), got: grouped(got) }),
  } as const;
}

/** The field errors in English: the form service's API answers with these. */
export const FIELD_MESSAGES = fieldMessages(forms);

export const FORM_MESSAGES = {
  EMPTY: forms.empty,
  EMPTY_ANY: "The submission is empty: send at least one field.",
  TOO_MANY_FIELDS: "Too many fields: a form takes at most 50.",
  NO_FILE_UPLOADS: forms.noFileUploads,
} as const;

// Control characters are what these two remove.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A name is one line: runs of whitespace (newlines, tabs) become one space; control characters go. */
function cleanName(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

/** A message keeps its line breaks; other control characters go. */
function cleanMessage(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_BUT_LINE_BREAKS, "").trim();
}

/**
 * Checks a submission's fields (whatever the body's format was).
 * A key that is absent (or null) is MISSING; present but blank is EMPTY;
 * a non-string (a JSON number, list…) is TYPE_TEXT. The messages are in the
 * words given: the pages pass their language's, the API keeps English.
 */
export function validateSubmission(fields: Record<string, unknown>, t: CheckWords = forms): Validation {
  const errors: FormError[] = [];
  const value: FormValues = { name: "", email: "", message: "" };
  const messages = fieldMessages(t);

  for (const field of FIELDS) {
    const label = t.labels[field];
    const raw = fields[field];
    if (raw === undefined || raw === null) {
      errors.push({ field, code: "REQUIRED_FIELD_MISSING", message: messages.REQUIRED_FIELD_MISSING(label) });
      continue;
    }
    if (typeof raw !== "string") {
      errors.push({ field, code: "TYPE_TEXT", message: messages.TYPE_TEXT(label) });
      continue;
    }
    const cleaned = field === "message" ? cleanMessage(raw) : field === "name" ? cleanName(raw) : raw.trim();
    if (cleaned === "") {
      errors.push({ field, code: "REQUIRED_FIELD_EMPTY", message: messages.REQUIRED_FIELD_EMPTY(label) });
      continue;
    }
    const length = charCount(cleaned);
    if (length > FIELD_MAX_LENGTH[field]) {
      errors.push({ field, code: "FIELD_TOO_LONG", message: messages.FIELD_TOO_LONG(label, FIELD_MAX_LENGTH[field], length) });
      continue;
    }
    if (field === "email" && !isEmail(cleaned)) {
      errors.push({ field, code: "TYPE_EMAIL", message: messages.TYPE_EMAIL(label) });
      continue;
    }
    value[field] = cleaned;
  }

  if (Object.keys(fields).length === 0) {
    errors.unshift({ code: "EMPTY", message: t.empty });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** Formspree's own honeypot, which sites written for its client already carry. */
export const FORMSPREE_HONEYPOT_FIELD = "_gotcha";

/** The honeypot is "filled" when it holds anything but whitespace. */
export function honeypotFilled(fields: Record<string, unknown>): boolean {
  return [HONEYPOT_FIELD, FORMSPREE_HONEYPOT_FIELD].some((name) => {
    const value = fields[name];
    return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
  });
}

/** What a page's action answers (the no-JavaScript post and the fetcher alike). */
export type FormActionResult =
  | { status: "sent" }
  | { status: "invalid"; errors: FormError[]; values: Partial<FormValues> }
  /** Anything else: the UI says 'Submission failed.', plus `detail` when the server gave a reason worth reading (rate limit, size). */
  | { status: "failed"; detail?: string; values?: Partial<FormValues> };

/** A form of the form service (`/f/:key`) takes at most this many fields, each this long at most. */
export const ANY_FIELDS_MAX = 50;
export const ANY_FIELD_MAX_LENGTH = 5000;

/** A submission to a form of the form service: the inbox's three columns, and every other field. */
export interface AnyFieldsValue extends FormValues {
  /** Every field but name, email and message (and the service's own `_…` fields), in the order sent. */
  extra: Record<string, string>;
}

export type AnyFieldsValidation = { ok: true; value: AnyFieldsValue } | { ok: false; errors: FormError[] };

/** The label of a field in a message: its name with a capital ("phone" → "Phone"). */
function labelOf(name: string): string {
  // Own keys only: a field named "constructor" or "toString" is a field like any other.
  return Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name as FieldName] : name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Checks a submission to a form of the form service (Formspree's protocol):
 * any fields are taken, as text (a JSON number or boolean becomes its text; a
 * list or object is TYPE_TEXT); `rules` (field-rules.ts) say which must be
 * there and of which type. An `email` field, named by a rule or not, must be
 * an address: replies go to it. Fields whose names start with `_` are the
 * service's own (`_replyto`, `_gotcha`, `_subject`…) and are not kept.
 */
export function validateAnyFields(fields: Record<string, unknown>, rules: readonly FieldRule[]): AnyFieldsValidation {
  const errors: FormError[] = [];
  const texts = new Map<string, string>();
  const names = Object.keys(fields).filter((name) => !name.startsWith("_") && name !== HONEYPOT_FIELD);
  if (names.length === 0) return { ok: false, errors: [{ code: "EMPTY", message: FORM_MESSAGES.EMPTY_ANY }] };
  if (names.length > ANY_FIELDS_MAX) return { ok: false, errors: [{ code: "EMPTY", message: FORM_MESSAGES.TOO_MANY_FIELDS }] };
  for (const name of names) {
    const raw = fields[name];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== "string" && typeof raw !== "number" && typeof raw !== "boolean") {
      errors.push({ field: name, code: "TYPE_TEXT", message: FIELD_MESSAGES.TYPE_TEXT(labelOf(name)) });
      continue;
    }
    const text = name === "name" ? cleanName(String(raw)) : cleanMessage(String(raw));
    const max = Object.hasOwn(FIELD_MAX_LENGTH, name) ? FIELD_MAX_LENGTH[name as FieldName] : ANY_FIELD_MAX_LENGTH;
    const length = charCount(text);
    if (length > max) {
      errors.push({ field: name, code: "FIELD_TOO_LONG", message: FIELD_MESSAGES.FIELD_TOO_LONG(labelOf(name), max, length) });
      continue;
    }
    texts.set(name.slice(0, 64), text);
  }
  const failed = new Set(errors.map((e) => e.field));
  // `email` is an address whatever a rule says (rules stored before the editor refused another type):
  // replies and the autoresponder go to it, and a list of addresses there would make a mailer of us.
  const typeOf = (name: string) => (name === "email" ? "email" : (rules.find((r) => r.name === name)?.type ?? "text"));
  for (const rule of rules) {
    if (failed.has(rule.name) || !rule.required) continue;
    const label = labelOf(rule.name);
    if (!(rule.name in fields) || fields[rule.name] === null)
      errors.push({ field: rule.name, code: "REQUIRED_FIELD_MISSING", message: FIELD_MESSAGES.REQUIRED_FIELD_MISSING(label) });
    else if (!texts.get(rule.name)) errors.push({ field: rule.name, code: "REQUIRED_FIELD_EMPTY", message: FIELD_MESSAGES.REQUIRED_FIELD_EMPTY(label) });
  }
  for (const [name, text] of texts) {
    if (failed.has(name) || text === "") continue;
    const type = typeOf(name);
    if (type === "email" && !isEmail(text)) errors.push({ field: name, code: "TYPE_EMAIL", message: FIELD_MESSAGES.TYPE_EMAIL(labelOf(name)) });
    if (type === "number" && !isNumeric(text)) errors.push({ field: name, code: "TYPE_NUMERIC", message: FIELD_MESSAGES.TYPE_NUMERIC(labelOf(name)) });
  }
  if (errors.length > 0) return { ok: false, errors };
  // fromEntries defines own properties: a field named "__proto__" is kept as a field, never a prototype.
  const extra: Record<string, string> = Object.fromEntries([...texts].filter(([name]) => !(FIELDS as readonly string[]).includes(name)));
  return { ok: true, value: { name: texts.get("name") ?? "", email: texts.get("email") ?? "", message: texts.get("message") ?? "", extra } };
}
