/**
 * The console's Mail section (/admin/mail): mail the outbox has not delivered
 * yet (waiting for a retry) or gave up on, with its error, and "retry now"
 * (issue 23; infra/mail/outbox.server.ts). Delivered mail is not listed:
 * nothing here needs an operator. Bodies are never shown (a verification or
 * reset mail carries a live link).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { type Actor, recordAudit } from "./audit.server";

type Db = Kysely<Database>;

export interface UndeliveredMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** "waiting" (pending, will be retried), "sending" (claimed right now), "given up". */
  state: "waiting" | "sending" | "given up";
  attempts: number;
  lastError: string | null;
  nextAttempt: string | null;
  createdAt: string;
}

export interface MailSummary {
  mails: UndeliveredMail[];
  /** Sent in the last 24 hours (a sign of life next to the list). */
  sentToday: number;
}

const LIST_LIMIT = 200;

/** Undelivered mail, given-up first, then by when it was written (oldest first: it waited longest). */
export async function undeliveredMail(db: Db, now = new Date()): Promise<MailSummary> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "to_address", "subject", "status", "attempts", "last_error", "next_attempt_at", "claimed_until", "created_at"])
    .where((eb) =>
      eb.or([
        eb("status", "=", "failed"),
        eb.and([eb("status", "=", "pending"), eb.or([eb("attempts", ">", 0), eb("created_at", "<", new Date(now.getTime() - 60_000).toISOString())])]),
      ]),
    )
    .orderBy("status")
    .orderBy("created_at")
    .limit(LIST_LIMIT)
    .execute();
  const sent = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "sent")
    .where("created_at", ">=", new Date(now.getTime() - 24 * 60 * 60_000).toISOString())
    .executeTakeFirst();
  return {
    mails: rows.map((r) => {
      const claimed = r.claimed_until && new Date(toIso(r.claimed_until)!).getTime() > now.getTime();
      return {
        id: r.id,
        kind: r.kind,
        to: r.to_address,
        subject: r.subject,
        state: r.status === "failed" ? "given up" : claimed ? "sending" : "waiting",
        attempts: r.attempts,
        lastError: r.last_error,
        nextAttempt: r.status === "failed" ? null : toIso(r.next_attempt_at),
        createdAt: toIso(r.created_at) ?? "",
      };
    }),
    sentToday: Number(sent?.n ?? 0),
  };
}

export type MailActionResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** "Retry now" on one mail: due at once (a given-up one gets another day of retries), audited. */
export async function retryMail(deps: { db: Db; outbox: MailOutbox }, operator: Actor, intent: string, id: string): Promise<MailActionResult> {
  if (intent !== "retry") return { ok: false, status: 400, message: "Unknown action." };
  if (!/^[0-9a-f-]{36}$/.test(id)) return { ok: false, status: 404, message: "That mail is not waiting any more." };
  const row = await deps.db.selectFrom("mail_outbox").select(["kind", "to_address"]).where("id", "=", id).executeTakeFirst();
  if (!row || !(await deps.outbox.retryNow(id)))
    return { ok: false, status: 404, message: "That mail is not waiting any more (sent, or being sent right now)." };
  await recordAudit(deps.db, operator, "mail.retried", row.to_address, `${row.kind} ${id}`);
  return { ok: true, message: `Retrying the ${row.kind} mail to ${row.to_address} now.` };
}
