/**
 * The forms page's server side (/admin/forms): create a form, or change one's
 * name, notification address, switch and allowed sites. Only the fields of
 * `formInput` are read (an allow-list), and each change is audited.
 */
import type { Kysely } from "kysely";
import { checkFormDefinition, type FormDefinitionField } from "~/features/forms";
import { DEFAULT_RULES, findForm, formInput, rotateWebhookSecret, rulesText, saveForm } from "~/features/forms/index.server";
import type { WebhookQueue } from "~/infra/webhooks/webhook-queue.server";
import type { Fields } from "~/infra/http/body.server";
import type { Database } from "~/infra/db/schema";
import { type FieldErrors, hasFieldErrors } from "~/shared/lib/field-errors";
import { type Actor, recordAudit } from "./audit.server";

type Db = Kysely<Database>;

/** `errors`: what is not one field's (shown as a banner); `fieldErrors`: each in its field's slot. */
export type FormsActionResult =
  | { ok: true; key: string; message: string; created: boolean; about?: "webhook" }
  | { ok: false; key: string; errors: string[]; fieldErrors?: FieldErrors<FormDefinitionField>; about?: "webhook" };

function text(fields: Fields, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value : "";
}

export async function saveFormFromPost(db: Db, actor: Actor, fields: Fields): Promise<FormsActionResult> {
  const intent = text(fields, "intent");
  const key = text(fields, "key").trim().toLowerCase().slice(0, 40);
  if (intent !== "create" && intent !== "update") return { ok: false, key, errors: ["That did not work: unknown action."] };
  const mine = intent === "create" ? "" : key;
  // The page's own check first (the same words it shows before a post), each error in its field's slot.
  const fieldErrors = checkFormDefinition(fields, intent);
  if (hasFieldErrors(fieldErrors)) return { ok: false, key: mine, errors: [], fieldErrors };
  // A post without the fields' rules (an older page, a script): a new form gets the usual three, a form keeps its own.
  const rules =
    typeof fields.fieldRules === "string" ? fields.fieldRules : rulesText(intent === "create" ? DEFAULT_RULES : ((await findForm(db, key))?.rules ?? []));
  const parsed = formInput.safeParse({
    key: text(fields, "key"),
    name: text(fields, "name"),
    notifyEmail: text(fields, "notifyEmail"),
    enabled: text(fields, "enabled") === "on",
    allowedOrigins: text(fields, "allowedOrigins"),
    fieldRules: rules,
    webhookUrl: text(fields, "webhookUrl"),
    autoreplySubject: text(fields, "autoreplySubject"),
    autoreplyBody: text(fields, "autoreplyBody"),
  });
  if (!parsed.success) return { ok: false, key: mine, errors: parsed.error.issues.map((issue) => issue.message) };
  const saved = await saveForm(db, parsed.data, intent);
  // A taken key is the key field's problem; anything else (a form gone meanwhile) the whole form's.
  if (!saved.ok)
    return intent === "create" ? { ok: false, key: mine, errors: [], fieldErrors: { key: saved.message } } : { ok: false, key: mine, errors: [saved.message] };
  const f = parsed.data;
  await recordAudit(
    db,
    actor,
    saved.created ? "form.created" : "form.updated",
    `form ${f.key}`,
    `name "${f.name}", ${f.enabled ? "enabled" : "disabled"}, notify ${f.notifyEmail || "company address"}, origins ${f.allowedOrigins.join(" ") || "none"}, fields ${rulesText(f.fieldRules).replace(/\n/g, "; ") || "any"}, autoresponder ${f.autoreplySubject ? "on" : "off"}, webhook ${f.webhookUrl || "none"}`,
  );
  return {
    ok: true,
    key: f.key,
    created: saved.created,
    message: saved.created ? `Created the form "${f.name}". It takes posts at /f/${f.key}.` : `Saved the form "${f.name}".`,
  };
}

/** "Redeliver" a webhook delivery, or "new secret" for a form's webhook; each audited. */
export async function webhookAction(deps: { db: Db; webhooks: WebhookQueue }, actor: Actor, fields: Fields): Promise<FormsActionResult> {
  const intent = text(fields, "intent");
  const key = text(fields, "key").trim().toLowerCase().slice(0, 40);
  if (intent === "redeliver") {
    const id = text(fields, "delivery");
    if (!/^[0-9a-f-]{36}$/.test(id)) return { ok: false, key, errors: ["That delivery does not exist."], about: "webhook" };
    const row = await deps.db.selectFrom("webhook_delivery").select(["form_key", "message_id"]).where("id", "=", id).executeTakeFirst();
    if (!row || !(await deps.webhooks.redeliver(id)))
      return { ok: false, key, errors: ["That delivery does not exist, or is being sent right now."], about: "webhook" };
    await recordAudit(deps.db, actor, "webhook.redelivered", `form ${row.form_key}`, `delivery ${id} of message ${row.message_id}`);
    return { ok: true, key: row.form_key, created: false, message: "Redelivering now: its state below changes when the receiver answers.", about: "webhook" };
  }
  if (intent === "rotate-secret") {
    if (!(await rotateWebhookSecret(deps.db, key))) return { ok: false, key, errors: ["This form has no webhook."], about: "webhook" };
    await recordAudit(deps.db, actor, "webhook.secret-rotated", `form ${key}`);
    return {
      ok: true,
      key,
      created: false,
      message: "A new signing secret is in use: give it to the receiver; the old one no longer signs.",
      about: "webhook",
    };
  }
  return { ok: false, key, errors: ["That did not work: unknown action."], about: "webhook" };
}
