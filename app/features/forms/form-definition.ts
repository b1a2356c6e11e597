/**
 * The operator's form editor (/admin/forms) check, shared by the page (before
 * a post) and the action (the check that counts): one error system, issue 22.
 * Plain code, no zod, so the console's chunk stays small; the registry still
 * parses the allow-listed fields with zod after this passed.
 */
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";
import { parseRulesText } from "./field-rules";

/** A form's key is part of its URL: short, lower case, no surprises. */
export const FORM_KEY = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** One origin as a browser writes it: scheme, host, and a port only when it is not the default. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.origin !== value.replace(/\/+$/, "")) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The allowed-origins text, one per line (or separated by spaces or commas). */
export function originLines(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** A webhook address an operator may save: http(s), a host, no user:password. The message is the field's error. */
export function checkWebhookUrl(value: string): string | null {
  if (value === "") return null;
  if (value.length > 500) return "Webhook: at most 500 characters";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Webhook: an address like https://example.com/hooks/tuesday";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Webhook: the address must start with https:// (or http://)";
  if (url.username || url.password) return "Webhook: no user name or password in the address (the signature proves the sender)";
  return null;
}

export const FORM_DEFINITION_MESSAGES = {
  keyRequired: "Key: this field is required",
  keyShape: "Key: 2 to 40 characters, a–z, 0–9 and hyphens, starting with a letter or digit",
  nameRequired: "Name: this field is required",
  nameTooLong: "Name: must be at most 80 characters",
  notifyEmail: "Notification address: must be a valid email address, or empty for the company's",
  originsTooLong: "Allowed origins: at most 2,000 characters",
  autoreplySubjectTooLong: "Autoresponder subject: must be at most 150 characters",
  autoreplyBodyTooLong: "Autoresponder text: must be at most 4,000 characters",
  autoreplyHalf: "Autoresponder: give both a subject and a text, or neither",
  origin: (line: string) => `Allowed origins: "${line.slice(0, 80)}" is not an origin like https://example.com`,
} as const;

const NOTIFY_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export type FormDefinitionField = "key" | "name" | "notifyEmail" | "allowedOrigins" | "fieldRules" | "autoreplySubject" | "autoreplyBody" | "webhookUrl";

/** Every field's first problem at once; `mode` "update" has no key field (a form keeps its key). */
export function checkFormDefinition(source: FieldSource, mode: "create" | "update"): FieldErrors<FormDefinitionField> {
  const m = FORM_DEFINITION_MESSAGES;
  const errors: FieldErrors<FormDefinitionField> = {};
  if (mode === "create") {
    const key = textOf(source, "key").trim().toLowerCase();
    if (!key) errors.key = m.keyRequired;
    else if (!FORM_KEY.test(key)) errors.key = m.keyShape;
  }
  const name = textOf(source, "name").trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > 80) errors.name = m.nameTooLong;
  const notify = textOf(source, "notifyEmail").trim();
  if (notify && (notify.length > 254 || !NOTIFY_EMAIL.test(notify))) errors.notifyEmail = m.notifyEmail;
  const origins = textOf(source, "allowedOrigins");
  if (origins.length > 2000) errors.allowedOrigins = m.originsTooLong;
  else {
    const bad = originLines(origins).find((line) => !normalizeOrigin(line));
    if (bad !== undefined) errors.allowedOrigins = m.origin(bad);
  }
  const rules = parseRulesText(textOf(source, "fieldRules"));
  if (!rules.ok) errors.fieldRules = rules.message;
  const webhook = checkWebhookUrl(textOf(source, "webhookUrl").trim());
  if (webhook) errors.webhookUrl = webhook;
  const subject = textOf(source, "autoreplySubject").trim();
  const body = textOf(source, "autoreplyBody").trim();
  if (subject.length > 150) errors.autoreplySubject = m.autoreplySubjectTooLong;
  if (body.length > 4000) errors.autoreplyBody = m.autoreplyBodyTooLong;
  else if (Boolean(subject) !== Boolean(body)) errors[subject ? "autoreplyBody" : "autoreplySubject"] = m.autoreplyHalf;
  return errors;
}
