/**
 * Webhook deliveries (issue 21; docs/decisions/0030-form-service-parity.md):
 * every delivery is a row of `webhook_delivery`, written in the request's
 * transaction beside what it announces, and POSTed by a worker in each
 * instance: the durable queue the mail outbox uses too
 * (infra/queue/durable-queue.server.ts), with a conditional claim so that
 * instances never send one row twice at once, the same back-off
 * (`backoffMs`, doubling to 30 minutes), retries for 24 hours, then
 * "failed", listed in the console with a "Redeliver" button.
 *
 * The body is JSON; the signature is Stripe's scheme, which receivers know:
 * `X-Tuesday-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * so a receiver checks the body it got and refuses old replays by `t`.
 *
 * Where it may POST: http(s) only, no credentials in the URL, no redirects
 * followed; on a public site (APP_URL not a loopback address) never to a
 * loopback, private, link-local or otherwise non-public address, checked on
 * the address the connection itself resolves and uses (public-post.server.ts),
 * so a webhook cannot be pointed at the server's own network (SSRF), not even
 * by a name that answers differently the second time (DNS rebinding).
 */
import { createHmac, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/infra/db/database.server";
import type { Database, WebhookDeliveryTable } from "~/infra/db/schema";
import { DurableQueue, errorText, failedAttempt, pendingColumns } from "~/infra/queue/durable-queue.server";
import { type PostOptions, postToPublicAddress } from "./public-post.server";

type Db = Kysely<Database>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** How long one POST may take. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const CLAIM_MS = 3 * DELIVERY_TIMEOUT_MS;
const BATCH = 20;
const ERROR_MAX = 300;
/** Delivered and given-up rows are kept this long for the console, then deleted. */
const KEEP_MS = 30 * 24 * 60 * 60_000;

export const SIGNATURE_HEADER = "X-Tuesday-Signature";

/** The signature header's value for `body` at `unixSeconds`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")}`;
}

export { isPublicAddress } from "./public-post.server";

export interface WebhookQueueOptions {
  /** The first retry's wait (WEBHOOK_RETRY_BASE_MS), doubling to 30 minutes. */
  retryBaseMs: number;
  /** Loopback and private addresses allowed (APP_URL is a loopback address: the operator's own machine). */
  allowPrivate: boolean;
  pollMs?: number;
  /** The POST itself (tests may wrap it): the receiver's status. `postToPublicAddress` by default. */
  post?: (url: string, options: PostOptions) => Promise<number>;
}

export interface NewDelivery {
  formKey: string;
  messageId: string;
  url: string;
  event: string;
  payload: unknown;
}

export class WebhookQueue extends DurableQueue<"webhook_delivery"> {
  constructor(
    database: DatabaseHandle,
    log: Logger,
    private readonly options: WebhookQueueOptions,
  ) {
    // One at a time, one pass a round.
    super(database, log, {
      table: "webhook_delivery",
      name: "webhook",
      pollMs: options.pollMs ?? 5_000,
      claimMs: CLAIM_MS,
      batch: BATCH,
      senders: 1,
      passes: 1,
      finished: ["delivered", "failed"],
      keepMs: KEEP_MS,
    });
  }

  /** Writes a delivery, in `db` (the caller's transaction) or on its own; call wake() after the commit. */
  async enqueue(delivery: NewDelivery, { db = this.database.db, now = new Date() }: { db?: Db; now?: Date } = {}): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto("webhook_delivery")
      .values({
        id,
        form_key: delivery.formKey,
        message_id: delivery.messageId,
        url: delivery.url,
        event: delivery.event,
        body: JSON.stringify({ id, event: delivery.event, created_at: now.toISOString(), data: delivery.payload }),
        ...pendingColumns(now),
        last_status: null,
        delivered_at: null,
      })
      .execute();
    return id;
  }

  /** An operator's "Redeliver": due now, with a fresh day of retries (delivered or failed alike). False: no such row, or one on its way right now. */
  redeliver(id: string, now = new Date()): Promise<boolean> {
    return this.requeue(id, now);
  }

  /** One pass over the due rows. Tests call it with a clock. */
  async runOnce({ now = new Date() }: { now?: Date } = {}): Promise<{ delivered: number; failed: number }> {
    const { done, failed } = await this.pass({ now });
    return { delivered: done, failed };
  }

  /** The POST: true when the receiver answered 2xx. */
  protected async deliver(row: DeliveryRow, now: Date): Promise<boolean> {
    const attempts = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      // The form's secret as it is now: a rotated secret signs redeliveries of older events too.
      const form = await this.database.db.selectFrom("form").select("webhook_secret").where("key", "=", row.form_key).executeTakeFirst();
      if (!form?.webhook_secret) throw new Error("the form has no webhook secret any more");
      status = await (this.options.post ?? postToPublicAddress)(row.url, {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        allowPrivate: this.options.allowPrivate,
        headers: {
          "content-type": "application/json",
          "user-agent": "TuesdayAI-Webhooks/1",
          "x-tuesday-event": row.event,
          "x-tuesday-delivery": row.id,
          [SIGNATURE_HEADER.toLowerCase()]: signature(form.webhook_secret, row.body, Math.floor(Date.now() / 1000)),
        },
        body: row.body,
      });
      if (status < 200 || status >= 300) error = `the receiver answered ${status}`;
    } catch (caught) {
      error = errorText(caught, ERROR_MAX);
    }
    const db = this.database.db;
    const logFields = { deliveryId: row.id, form: row.form_key, attempt: attempts, status };
    if (error === null) {
      await db
        .updateTable("webhook_delivery")
        .set({ status: "delivered", attempts, last_status: status, last_error: null, delivered_at: new Date().toISOString(), claimed_until: null })
        .where("id", "=", row.id)
        .execute();
      this.log.info(logFields, "webhook delivered");
      return true;
    }
    const { givingUp, next, columns } = failedAttempt(row, now, error, this.options.retryBaseMs);
    await db
      .updateTable("webhook_delivery")
      .set({ ...columns, last_status: status })
      .where("id", "=", row.id)
      .execute();
    if (givingUp) this.log.error({ ...logFields, error }, "webhook not delivered after 24 hours of retries; given up (see /admin/forms)");
    else this.log.warn({ ...logFields, error, nextAttempt: next.toISOString() }, "webhook not delivered; it will be retried");
    return false;
  }
}

/** The newest deliveries of a form, for the console. */
export async function recentDeliveries(db: Db, formKey: string, limit = 10): Promise<DeliveryRow[]> {
  return db.selectFrom("webhook_delivery").selectAll().where("form_key", "=", formKey).orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
}
