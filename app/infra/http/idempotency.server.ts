/**
 * Idempotent writes (docs/decisions/0021-dependency-failures.md): a client that
 * timed out and tries again must not store or mail twice.
 *
 * The key is the client's `Idempotency-Key` header, or a form's hidden
 * one-time token (`_idempotency_key`, filled in by the page's script). A form
 * posted with neither (a page prerendered for everyone, sent without
 * JavaScript) is keyed by its content and sender for a short while instead:
 * the same text from the same address again within 10 minutes is the same
 * submission.
 *
 * A key is stored with a fingerprint of the request and the answer. The same
 * key with the same request gets the stored answer; with another request, a
 * 422. Writers store the key in the same transaction as what they write, so
 * "stored" and "answered" can never disagree; a writer that cannot (Better
 * Auth's sign-up) reserves the key first and records the answer after.
 */
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import { IDEMPOTENCY_FIELD } from "~/shared/lib/idempotency";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** The hidden field the site's own forms carry (shared/ui/idempotency-key-field.tsx). */
export { IDEMPOTENCY_FIELD };
/** A client's key is honoured this long. */
export const CLIENT_KEY_TTL_MS = 24 * 60 * 60_000;
/** A content-derived key (no key given) this long. */
export const CONTENT_KEY_TTL_MS = 10 * 60_000;
/** A reservation whose request never finished (a crash) is given up after this. */
export const PENDING_TTL_MS = 60_000;

const KEY_SHAPE = /^[\x21-\x7e]{8,255}$/;

export function isIdempotencyKey(value: string): boolean {
  return KEY_SHAPE.test(value);
}

export type KeyRead = { kind: "none" } | { kind: "key"; value: string } | { kind: "invalid" };

/** The request's key: the header first, then the form field. Printable ASCII, 8 to 255 characters. */
export function readIdempotencyKey(request: Request, fields?: Record<string, unknown>): KeyRead {
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  const field = fields?.[IDEMPOTENCY_FIELD];
  const value = header ?? (typeof field === "string" && field !== "" ? field : null);
  if (value === null) return { kind: "none" };
  return KEY_SHAPE.test(value) ? { kind: "key", value } : { kind: "invalid" };
}

export const INVALID_KEY_MESSAGE = "Idempotency-Key must be 8 to 255 printable characters.";
export const REUSED_KEY_MESSAGE = "This Idempotency-Key was already used for a different request.";
export const IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still being processed; try again in a moment.";

export function sha256(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export interface IdempotencyScope {
  /** Which endpoint (keys of different endpoints never meet). */
  scope: string;
  /** The client's key, or the content key. */
  key: string;
  /** What the request asked for. */
  fingerprint: string;
  ttlMs: number;
}

export const keyHash = (s: IdempotencyScope) => sha256(s.scope, s.key);

type Db = Kysely<Database> | Transaction<Database>;

export type Lookup = { kind: "new" } | { kind: "replay"; answer: StoredAnswer } | { kind: "in-progress" } | { kind: "mismatch" };

/** What is stored under the key now (an expired or abandoned entry is removed and counts as new). */
export async function lookUp(db: Db, s: IdempotencyScope, now = new Date()): Promise<Lookup> {
  const hash = keyHash(s);
  const row = await db.selectFrom("idempotency_key").selectAll().where("key_hash", "=", hash).executeTakeFirst();
  if (!row) return { kind: "new" };
  const age = now.getTime() - toDate(row.created_at).getTime();
  if (age > s.ttlMs || (row.state === "pending" && age > PENDING_TTL_MS)) {
    await db.deleteFrom("idempotency_key").where("key_hash", "=", hash).where("created_at", "=", row.created_at).execute();
    return { kind: "new" };
  }
  if (row.fingerprint !== s.fingerprint) return { kind: "mismatch" };
  if (row.state === "pending") return { kind: "in-progress" };
  return {
    kind: "replay",
    answer: { status: row.response_status ?? 200, headers: JSON.parse(row.response_headers ?? "{}") as StoredAnswer["headers"], body: row.response_body ?? "" },
  };
}

/**
 * Stores the key as done with `answer`, inside the writer's transaction. False
 * when another request stored it first (the caller then rolls back and
 * answers what `lookUp` finds).
 */
export async function storeDone(db: Db, s: IdempotencyScope, answer: StoredAnswer, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_key")
    .values({
      key_hash: keyHash(s),
      fingerprint: s.fingerprint,
      state: "done",
      response_status: answer.status,
      response_headers: JSON.stringify(answer.headers),
      response_body: answer.body,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("key_hash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Reserves the key before a write that cannot share a transaction with it. False: someone holds or used it. */
export async function reserve(db: Db, s: IdempotencyScope, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_key")
    .values({
      key_hash: keyHash(s),
      fingerprint: s.fingerprint,
      state: "pending",
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("key_hash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Records the answer of a reserved key. */
export async function complete(db: Db, s: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await db
    .updateTable("idempotency_key")
    .set({ state: "done", response_status: answer.status, response_headers: JSON.stringify(answer.headers), response_body: answer.body })
    .where("key_hash", "=", keyHash(s))
    .execute();
}

/** Lets a reserved key go (the request failed in a way a retry should repeat). */
export async function release(db: Db, s: IdempotencyScope): Promise<void> {
  await db.deleteFrom("idempotency_key").where("key_hash", "=", keyHash(s)).where("state", "=", "pending").execute();
}

/** Deletes keys older than the longest TTL (housekeeping, a few times a day). */
export async function purgeExpired(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("idempotency_key")
    .where("created_at", "<", new Date(now.getTime() - CLIENT_KEY_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Response headers a replay repeats. */
const REPLAYED_HEADERS = ["content-type", "location", "retry-after"];

async function toStored(response: Response): Promise<StoredAnswer> {
  const headers: StoredAnswer["headers"] = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return { status: response.status, headers, body: await response.clone().text() };
}

/** A stored answer as a Response (marked as a replay). */
export function replayed(answer: StoredAnswer): Response {
  const headers = new Headers({ "Idempotent-Replayed": "true", "Cache-Control": "no-store" });
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers });
}

/** Answers worth repeating: not "try again" (5xx, 429, 409), which a retry must really retry. */
const remembered = (status: number) => status < 500 && status !== 429 && status !== 409;

export type IdempotentRun = { kind: "ran"; response: Response } | { kind: "replayed"; response: Response } | { kind: "mismatch" } | { kind: "in-progress" };

/**
 * Runs a write that cannot share our transaction (Better Auth's sign-up)
 * under a key: reserved first, its answer recorded after. A retry with the
 * same key and request gets the recorded answer; one that arrives while the
 * first still runs is told to try again in a moment.
 */
export async function runOnce(db: Db, s: IdempotencyScope, run: () => Promise<Response>, now = new Date()): Promise<IdempotentRun> {
  const earlier = await lookUp(db, s, now);
  if (earlier.kind === "replay") return { kind: "replayed", response: replayed(earlier.answer) };
  if (earlier.kind === "mismatch" || earlier.kind === "in-progress") return earlier;
  if (!(await reserve(db, s, now))) {
    const raced = await lookUp(db, s, now);
    if (raced.kind === "replay") return { kind: "replayed", response: replayed(raced.answer) };
    return raced.kind === "mismatch" ? raced : { kind: "in-progress" };
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release(db, s).catch(() => {});
    throw error;
  }
  if (remembered(response.status)) await complete(db, s, await toStored(response));
  else await release(db, s);
  return { kind: "ran", response };
}
