/**
 * The forms of the form service, as rows an operator manages (/admin/forms):
 * `feedback` and `contact` are built in (their pages post to them); any
 * other is reached at `POST /f/:key`, Formspree's protocol (formspree.server.ts).
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import type { Database, FormTable } from "~/infra/db/schema";
import { DEFAULT_RULES, type FieldRule, parseRulesText, parseStoredRules } from "./field-rules";
import { checkWebhookUrl, FORM_DEFINITION_MESSAGES as M, FORM_KEY, normalizeOrigin, originLines } from "./form-definition";

type Db = Kysely<Database>;

export interface FormDefinition {
  key: string;
  name: string;
  /** "" = the company's contact address. */
  notifyEmail: string;
  enabled: boolean;
  /** Origins allowed to post from another site (CORS), exactly as a browser sends `Origin`. */
  allowedOrigins: string[];
  builtIn: boolean;
  /** The form's own fields' rules (field-rules.ts); a built-in form's are its page's (form-schema.ts). */
  rules: FieldRule[];
  /** A mail to each sender (never for spam), when both are set. */
  autoreply: { subject: string; body: string } | null;
  /** Where each kept message is POSTed, signed with `webhookSecret` ("" = none). Operators only: the secret is a key. */
  webhookUrl: string;
  webhookSecret: string;
}

function toDefinition(row: Selectable<FormTable>): FormDefinition {
  return {
    key: row.key,
    name: row.name,
    notifyEmail: row.notify_email,
    enabled: Boolean(row.enabled),
    allowedOrigins: row.allowed_origins.split("\n").filter(Boolean),
    builtIn: Boolean(row.built_in),
    rules: parseStoredRules(row.field_rules),
    autoreply: row.autoreply_subject && row.autoreply_body ? { subject: row.autoreply_subject, body: row.autoreply_body } : null,
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
  };
}

export async function findForm(db: Db, key: string): Promise<FormDefinition | undefined> {
  if (!FORM_KEY.test(key)) return undefined;
  const row = await db.selectFrom("form").selectAll().where("key", "=", key).executeTakeFirst();
  return row ? toDefinition(row) : undefined;
}

export async function listForms(db: Db): Promise<FormDefinition[]> {
  const rows = await db.selectFrom("form").selectAll().orderBy("built_in", "desc").orderBy("key").execute();
  return rows.map(toDefinition);
}

/** What an operator may write: an allow-list of fields, each checked (never the request body as it came). */
export const formInput = z.object({
  key: z.string().trim().toLowerCase().regex(FORM_KEY, M.keyShape),
  name: z.string().trim().min(1, M.nameRequired).max(80, M.nameTooLong),
  notifyEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === "" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), M.notifyEmail),
  enabled: z.boolean(),
  allowedOrigins: z
    .string()
    .max(2000, M.originsTooLong)
    .transform((text, ctx) => {
      const origins: string[] = [];
      for (const line of originLines(text)) {
        const origin = normalizeOrigin(line);
        if (!origin) ctx.addIssue({ code: "custom", message: M.origin(line) });
        else if (!origins.includes(origin)) origins.push(origin);
      }
      return origins.slice(0, 20);
    }),
  // A built-in form's fields are its page's: the registry ignores rules given for it.
  fieldRules: z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      const parsed = parseRulesText(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
      return parsed.ok ? parsed.rules : [];
    }),
  webhookUrl: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = checkWebhookUrl(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  autoreplySubject: z.string().trim().max(150, M.autoreplySubjectTooLong),
  autoreplyBody: z.string().trim().max(4000, M.autoreplyBodyTooLong),
});

export type FormInput = z.infer<typeof formInput>;

/** A webhook's signing key: 32 random bytes, as receivers paste it (`whsec_` + base64url, as Stripe and Svix write theirs). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** A new signing key for the form's webhook; the old one stops working at once. False: no such form. */
export async function rotateWebhookSecret(db: Db, key: string): Promise<boolean> {
  const result = await db
    .updateTable("form")
    .set({ webhook_secret: newWebhookSecret() })
    .where("key", "=", key)
    .where("webhook_url", "!=", "")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The rules a new form starts with, as the editor shows them. */
export { DEFAULT_RULES };

export type SaveOutcome = { ok: true; created: boolean } | { ok: false; message: string };

/** Creates a form, or updates one (a built-in keeps its key and stays enabled: its page posts to it). */
export async function saveForm(db: Db, input: FormInput, mode: "create" | "update", now = new Date()): Promise<SaveOutcome> {
  const iso = now.toISOString();
  const existing = await findForm(db, input.key);
  if (mode === "create") {
    const taken = { ok: false as const, message: `A form with the key "${input.key}" exists already.` };
    if (existing) return taken;
    // Two operators creating the same key at once: the primary key decides, the second is told so.
    const inserted = await db
      .insertInto("form")
      .values({
        key: input.key,
        name: input.name,
        notify_email: input.notifyEmail,
        enabled: input.enabled ? 1 : 0,
        allowed_origins: input.allowedOrigins.join("\n"),
        built_in: 0,
        created_at: iso,
        updated_at: iso,
        field_rules: JSON.stringify(input.fieldRules),
        autoreply_subject: input.autoreplySubject,
        autoreply_body: input.autoreplyBody,
        webhook_url: input.webhookUrl,
        webhook_secret: input.webhookUrl ? newWebhookSecret() : "",
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return taken;
    return { ok: true, created: true };
  }
  if (!existing) return { ok: false, message: "There is no such form." };
  await db
    .updateTable("form")
    .set({
      name: input.name,
      notify_email: input.notifyEmail,
      enabled: existing.builtIn || input.enabled ? 1 : 0,
      allowed_origins: input.allowedOrigins.join("\n"),
      updated_at: iso,
      ...(existing.builtIn ? {} : { field_rules: JSON.stringify(input.fieldRules) }),
      autoreply_subject: input.autoreplySubject,
      autoreply_body: input.autoreplyBody,
      webhook_url: input.webhookUrl,
      // A secret is made when a webhook is first set, and kept while the form has one (receivers hold it).
      webhook_secret: input.webhookUrl ? existing.webhookSecret || newWebhookSecret() : existing.webhookSecret,
    })
    .where("key", "=", input.key)
    .execute();
  return { ok: true, created: false };
}
