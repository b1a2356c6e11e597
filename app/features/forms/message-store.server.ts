/**
 * The `form_message` table: every feedback and contact message, kept before
 * the sender gets an answer, with its notification state.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, FormMessageTable } from "~/infra/db/schema";
import type { FormKind, FormValues } from "./form-schema";

type Db = Kysely<Database>;

export type StoredMessage = Selectable<FormMessageTable>;

export const USER_AGENT_MAX = 512;

/**
 * The IP as a keyed hash: lets us see that messages came from one address
 * (spam) without keeping the address. The key is derived from AUTH_SECRET, so
 * the hash cannot be reversed by hashing every IPv4 address without it.
 */
export function hashIp(ip: string, authSecret: string): string {
  const salt = createHash("sha256").update(`tuesday:form-message-ip:${authSecret}`).digest(); // a fixed label, not the brand: changing it would orphan every stored hash
  return createHmac("sha256", salt).update(ip).digest("hex");
}

export interface NewMessage {
  /** The form's key. */
  kind: string;
  values: FormValues;
  /** The other fields a form of the form service took (form-schema.ts validateAnyFields). */
  extra?: Record<string, string>;
  /** Kept in the spam folder, for this reason, instead of the inbox (no mail, no webhook). */
  spamReason?: string;
  userId: string | null;
  ipHash: string;
  userAgent: string;
  /** The language of the page it was sent from ("en" or "hi"; the API's: "en"): an operator's reply is written in it. */
  language?: string;
  now: Date;
}

export async function insertMessage(db: Db, input: NewMessage): Promise<StoredMessage> {
  const row = {
    id: randomUUID(),
    kind: input.kind,
    name: input.values.name,
    email: input.values.email,
    message: input.values.message,
    user_id: input.userId,
    ip_hash: input.ipHash,
    user_agent: input.userAgent.slice(0, USER_AGENT_MAX),
    created_at: input.now.toISOString(),
    notified_at: null,
    notify_attempts: 0,
    notify_error: null,
    // Unused since the notification went into the mail outbox (0005); kept for old rows.
    notify_claimed_until: null,
    status: input.spamReason ? ("spam" as const) : ("open" as const),
    handled_at: null,
    handled_by: null,
    fields: JSON.stringify(input.extra ?? {}),
    spam_reason: input.spamReason ?? null,
    language: input.language ?? "en",
  };
  await db.insertInto("form_message").values(row).execute();
  return row;
}

/** A message's other fields (the JSON of `fields`); anything malformed reads as none. */
export function extraFields(row: Pick<StoredMessage, "fields">): Record<string, string> {
  try {
    const value: unknown = JSON.parse(row.fields || "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

export interface MessageQuery {
  kind?: FormKind;
  /** Newest first; no limit: all. */
  limit?: number;
}

export async function latestMessages(db: Db, { kind, limit }: MessageQuery = {}): Promise<StoredMessage[]> {
  let query = db.selectFrom("form_message").selectAll().orderBy("created_at", "desc").orderBy("id");
  if (kind) query = query.where("kind", "=", kind);
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

export async function countMessages(db: Db, kind?: FormKind): Promise<number> {
  let query = db.selectFrom("form_message").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (kind) query = query.where("kind", "=", kind);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
