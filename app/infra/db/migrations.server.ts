/**
 * Our own tables, as ordered Kysely migrations. They live in code rather than in
 * a folder read at run time so that they ship inside the server bundle.
 * Never edit a migration that has shipped: add the next one.
 *
 * Better Auth's tables come first (see migrate.server.ts): `profile` and
 * `form_message` reference `user`.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, type Migration, sql } from "kysely";
import { site } from "~/config/site";
import { layout } from "~/infra/mail/layout";
import type { Dialect } from "./database.server";

/**
 * Migration 0005's notification for a message the old retry loop still owed.
 * Frozen with the migration, as a data migration must be: the live mail is
 * features/forms' (infra cannot import a feature), and this one only ever
 * runs once, on a database older than 0005.
 */
function owedNotification(row: { kind: string; name: string; email: string; message: string }) {
  const who = row.name || row.email || "a visitor";
  const { html, text } = layout({
    preheader: row.message.slice(0, 90),
    heading: `New message from ${who}`,
    paragraphs: [`From: ${row.name} <${row.email}>`, ...row.message.split(/\n{2,}/)],
    footnote: `Sent through the ${row.kind} form on the website. Reply to this email to answer ${who}.`,
  });
  return { subject: `[${site.productName}] New message from ${who}`, html, text };
}

export function ourMigrations(dialect: Dialect): Record<string, Migration> {
  const timestamp = dialect === "postgres" ? "timestamptz" : "text";

  return {
    "0001_profile_messages_mailbox": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("profile")
          .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
          .addColumn("gender", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("dob", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("login_count", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("last_login", timestamp)
          .addColumn("verification_attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("verification_sent_at", timestamp)
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("updated_at", timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable("form_message")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("message", "text", (c) => c.notNull())
          // A user who deletes the account takes their messages along (privacy page, license).
          .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
          .addColumn("ip_hash", "text", (c) => c.notNull())
          .addColumn("user_agent", "text", (c) => c.notNull())
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("notified_at", timestamp)
          .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("notify_error", "text")
          .addColumn("notify_claimed_until", timestamp)
          .execute();
        await db.schema.createIndex("form_message_created_at").on("form_message").column("created_at").execute();
        await db.schema.createIndex("form_message_user_id").on("form_message").column("user_id").execute();
        await db.schema
          .createIndex("form_message_pending_notification")
          .on("form_message")
          .column("notified_at")
          .where(sql.ref("notified_at"), "is", null)
          .execute();

        await db.schema
          .createTable("dev_mailbox")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("to_address", "text", (c) => c.notNull())
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("text", "text", (c) => c.notNull())
          .addColumn("html", "text", (c) => c.notNull())
          .addColumn("links", "text", (c) => c.notNull())
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex("dev_mailbox_created_at").on("dev_mailbox").column("created_at").execute();

        await db.schema
          .createTable("consumed_token")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("consumed_at", timestamp, (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("consumed_token").execute();
        await db.schema.dropTable("dev_mailbox").execute();
        await db.schema.dropTable("form_message").execute();
        await db.schema.dropTable("profile").execute();
      },
    },

    /**
     * The operator's side (issue 13): a role on the spec's user record, a
     * switch that stops one account signing in, the inbox's status on each
     * message, the forms as rows, and the audit log of operator actions.
     */
    "0002_operators_forms_audit": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("profile")
          .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
          .execute();
        await db.schema.alterTable("profile").addColumn("sign_in_disabled_at", timestamp).execute();

        await db.schema
          .alterTable("form_message")
          .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
          .execute();
        await db.schema.alterTable("form_message").addColumn("handled_at", timestamp).execute();
        await db.schema.alterTable("form_message").addColumn("handled_by", "text").execute();
        // The inbox reads newest first within a status (and a form); keyset pages walk these.
        await db.schema.createIndex("form_message_inbox").on("form_message").columns(["status", "created_at", "id"]).execute();
        await db.schema.createIndex("form_message_inbox_kind").on("form_message").columns(["kind", "status", "created_at", "id"]).execute();

        await db.schema
          .createTable("form")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("name", "text", (c) => c.notNull())
          // Empty: the company's contact address (site.contactEmail).
          .addColumn("notify_email", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
          // Origins (scheme://host[:port]) allowed to post from another site, one per line.
          .addColumn("allowed_origins", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("built_in", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("updated_at", timestamp, (c) => c.notNull())
          .execute();
        const now = new Date().toISOString();
        await (db as Kysely<{ form: Record<string, unknown> }>)
          .insertInto("form")
          .values([
            { key: "feedback", name: "Feedback", notify_email: "", enabled: 1, allowed_origins: "", built_in: 1, created_at: now, updated_at: now },
            { key: "contact", name: "Contact", notify_email: "", enabled: 1, allowed_origins: "", built_in: 1, created_at: now, updated_at: now },
          ])
          .execute();

        await db.schema
          .createTable("audit_log")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("at", timestamp, (c) => c.notNull())
          // Kept as text (not a reference): the record outlives the operator's account.
          .addColumn("actor_id", "text", (c) => c.notNull())
          .addColumn("actor_email", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("target", "text", (c) => c.notNull())
          .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("audit_log").execute();
        await db.schema.dropTable("form").execute();
        await db.schema.dropIndex("form_message_inbox_kind").execute();
        await db.schema.dropIndex("form_message_inbox").execute();
        for (const column of ["handled_by", "handled_at", "status"]) await db.schema.alterTable("form_message").dropColumn(column).execute();
        for (const column of ["sign_in_disabled_at", "role"]) await db.schema.alterTable("profile").dropColumn(column).execute();
      },
    },

    /**
     * Self-hosted analytics (issue 13, docs/decisions/0016-analytics.md):
     * aggregated at ingest, one row per day, route pattern, metric, device
     * class and connection type, holding a count and a fixed histogram of 40
     * buckets (b00..b39; the bounds live in features/analytics/histogram.ts).
     * Rows only grow with days x routes, never with traffic. Nothing here
     * names a visitor: no IP, no user id, no cookie.
     */
    "0003_analytics": {
      async up(db: Kysely<unknown>) {
        let table = db.schema
          .createTable("analytics_daily")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("route", "text", (c) => c.notNull())
          .addColumn("metric", "text", (c) => c.notNull())
          .addColumn("device", "text", (c) => c.notNull())
          .addColumn("connection", "text", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull().defaultTo(0));
        for (let i = 0; i < 40; i++) table = table.addColumn(`b${String(i).padStart(2, "0")}`, "integer", (c) => c.notNull().defaultTo(0));
        await table.addPrimaryKeyConstraint("analytics_daily_pk", ["day", "route", "metric", "device", "connection"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("analytics_daily").execute();
      },
    },

    /**
     * The inbox's unfiltered keyset pages: `(created_at, id) < (?, ?)` walks
     * this index; with `created_at` alone a page 3,600 deep read 90,000 rows
     * (npm run bench, section 5: 10.8 ms against 0.2 ms for the first page).
     */
    "0004_inbox_keyset_index": {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex("form_message_created_at_id").on("form_message").columns(["created_at", "id"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex("form_message_created_at_id").execute();
      },
    },

    /**
     * Dependency failures (issue 23; docs/decisions/0020-durable-mail-outbox.md,
     * 0021-dependency-failures.md): the durable mail outbox, idempotency keys
     * for retried writes, and readiness's write probe. Form notifications that
     * the old per-message retry had not delivered yet move into the outbox, so
     * none is lost by the upgrade.
     */
    "0005_outbox_idempotency": {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("mail_outbox")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("to_address", "text", (c) => c.notNull())
          .addColumn("reply_to", "text")
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("text", "text", (c) => c.notNull())
          .addColumn("html", "text", (c) => c.notNull())
          .addColumn("user_id", "text")
          .addColumn("ref", "text")
          .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("last_error", "text")
          .addColumn("next_attempt_at", timestamp, (c) => c.notNull())
          .addColumn("claimed_until", timestamp)
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("sent_at", timestamp)
          .addColumn("give_up_at", timestamp, (c) => c.notNull())
          .execute();
        // The worker's question: what is pending and due? (Sent rows, the vast majority, are not in this index.)
        await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["next_attempt_at"]).where(sql.ref("status"), "=", "pending").execute();
        await db.schema.createIndex("mail_outbox_user").on("mail_outbox").columns(["user_id", "kind", "status"]).execute();
        await db.schema.createIndex("mail_outbox_status_created").on("mail_outbox").columns(["status", "created_at"]).execute();

        await db.schema
          .createTable("idempotency_key")
          .addColumn("key_hash", "text", (c) => c.primaryKey())
          .addColumn("fingerprint", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("response_status", "integer")
          .addColumn("response_headers", "text")
          .addColumn("response_body", "text")
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex("idempotency_key_created_at").on("idempotency_key").column("created_at").execute();

        await db.schema
          .createTable("readiness_probe")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("at", timestamp, (c) => c.notNull())
          .execute();

        // The notifications the old retry loop still owed (it gave up after 10 attempts).
        const owed = await db
          .selectFrom("form_message")
          .leftJoin("form", "form.key", "form_message.kind")
          .select(["form_message.id", "form_message.kind", "form_message.name", "form_message.email", "form_message.message", "form.notify_email"])
          .where("form_message.notified_at", "is", null)
          .where("form_message.notify_attempts", "<", 10)
          .execute();
        const now = new Date();
        for (const row of owed as Array<{ id: string; kind: string; name: string; email: string; message: string; notify_email: string | null }>) {
          const mail = owedNotification(row);
          await db
            .insertInto("mail_outbox")
            .values({
              id: randomUUID(),
              kind: "form-notification",
              to_address: row.notify_email || site.contactEmail,
              reply_to: row.email,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              user_id: null,
              ref: row.id,
              status: "pending",
              attempts: 0,
              next_attempt_at: now.toISOString(),
              created_at: now.toISOString(),
              give_up_at: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
            })
            .execute();
        }
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("readiness_probe").execute();
        await db.schema.dropTable("idempotency_key").execute();
        await db.schema.dropTable("mail_outbox").execute();
      },
    },

    /**
     * The form ceilings (issue 26, finding 4; form-ceilings.server.ts): each
     * post counts its form's messages of the hour and of the day.
     */
    "0006_form_ceilings": {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex("form_message_kind_created_at").on("form_message").columns(["kind", "created_at"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex("form_message_kind_created_at").execute();
      },
    },

    /**
     * Issue 19: passkeys (features/auth/passkeys.server.ts), and authenticator
     * codes already accepted, so that one is never accepted twice
     * (features/auth/two-factor.server.ts). Better Auth's own `twoFactor`
     * table and the session's `reauthenticatedAt` come from its migrations.
     */
    "0007_passkeys_two_factor": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("passkey")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("credential_id", "text", (c) => c.notNull().unique())
          .addColumn("public_key", "text", (c) => c.notNull())
          .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
          .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("device_type", "text", (c) => c.notNull())
          .addColumn("backed_up", dialect === "postgres" ? "boolean" : "integer", (c) => c.notNull())
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("last_used_at", timestamp)
          .execute();
        await db.schema.createIndex("passkey_user_id").on("passkey").column("user_id").execute();
        await db.schema
          .createTable("two_factor_used_code")
          .addColumn("user_id", "text", (c) => c.notNull())
          .addColumn("code", "text", (c) => c.notNull())
          .addColumn("used_at", timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint("two_factor_used_code_pk", ["user_id", "code"])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("two_factor_used_code").execute();
        await db.schema.dropTable("passkey").execute();
      },
    },
    /**
     * Issue 21: the launch waitlist (features/waitlist), and the
     * List-Unsubscribe address its mails carry through the outbox.
     */
    "0008_waitlist": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("waitlist_entry")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("interest", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("confirm_token_hash", "text", (c) => c.unique())
          .addColumn("confirm_sent_at", timestamp)
          .addColumn("source", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("confirmed_at", timestamp)
          .execute();
        await db.schema.createIndex("waitlist_entry_status_created_at").on("waitlist_entry").columns(["status", "created_at"]).execute();
        await db.schema.alterTable("mail_outbox").addColumn("list_unsubscribe", "text").execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable("mail_outbox").dropColumn("list_unsubscribe").execute();
        await db.schema.dropTable("waitlist_entry").execute();
      },
    },
    /**
     * Issue 21, the form service on par with Formspree: any fields (kept as
     * JSON beside name, email and message), a spam folder (status "spam" with
     * the reason), per-form field rules and an autoresponder, and operators'
     * replies kept with the message they answer.
     */
    "0009_form_parity_replies": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("form_message")
          .addColumn("fields", "text", (c) => c.notNull().defaultTo("{}"))
          .execute();
        await db.schema.alterTable("form_message").addColumn("spam_reason", "text").execute();
        await db.schema
          .alterTable("form")
          .addColumn("field_rules", "text", (c) => c.notNull().defaultTo("[]"))
          .execute();
        await db.schema
          .alterTable("form")
          .addColumn("autoreply_subject", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .alterTable("form")
          .addColumn("autoreply_body", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        // Forms made before this asked for name, email and message: they keep asking (their operators may relax it).
        const usual = JSON.stringify([
          { name: "name", type: "text", required: true },
          { name: "email", type: "email", required: true },
          { name: "message", type: "text", required: true },
        ]);
        await sql`update form set field_rules = ${usual} where built_in = 0`.execute(db);
        await db.schema
          .createTable("message_reply")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("message_id", "text", (c) => c.notNull().references("form_message.id").onDelete("cascade"))
          .addColumn("operator_id", "text", (c) => c.notNull())
          .addColumn("operator_email", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull())
          .addColumn("mail_id", "text", (c) => c.notNull())
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex("message_reply_message_id").on("message_reply").columns(["message_id", "created_at"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("message_reply").execute();
        for (const column of ["autoreply_body", "autoreply_subject", "field_rules"]) await db.schema.alterTable("form").dropColumn(column).execute();
        for (const column of ["spam_reason", "fields"]) await db.schema.alterTable("form_message").dropColumn(column).execute();
      },
    },
    /** Issue 21: per-form webhooks, each delivery a row retried like a mail (infra/webhooks). */
    "0010_webhooks": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("form")
          .addColumn("webhook_url", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .alterTable("form")
          .addColumn("webhook_secret", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema
          .createTable("webhook_delivery")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("form_key", "text", (c) => c.notNull())
          .addColumn("message_id", "text", (c) => c.notNull())
          .addColumn("url", "text", (c) => c.notNull())
          .addColumn("event", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("last_status", "integer")
          .addColumn("last_error", "text")
          .addColumn("next_attempt_at", timestamp, (c) => c.notNull())
          .addColumn("claimed_until", timestamp)
          .addColumn("created_at", timestamp, (c) => c.notNull())
          .addColumn("delivered_at", timestamp)
          .addColumn("give_up_at", timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex("webhook_delivery_due").on("webhook_delivery").columns(["status", "next_attempt_at"]).execute();
        await db.schema.createIndex("webhook_delivery_form").on("webhook_delivery").columns(["form_key", "created_at"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("webhook_delivery").execute();
        for (const column of ["webhook_secret", "webhook_url"]) await db.schema.alterTable("form").dropColumn(column).execute();
      },
    },
    /** Issue 21: where visits come from and the goals they reach, aggregated per day (no visitor is stored). */
    "0011_analytics_sources_goals": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("analytics_source_daily")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("medium", "text", (c) => c.notNull())
          .addColumn("campaign", "text", (c) => c.notNull())
          .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint("analytics_source_daily_pk", ["day", "source", "medium", "campaign"])
          .execute();
        await db.schema
          .createTable("analytics_goal_daily")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("goal", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("medium", "text", (c) => c.notNull())
          .addColumn("campaign", "text", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint("analytics_goal_daily_pk", ["day", "goal", "source", "medium", "campaign"])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("analytics_goal_daily").execute();
        await db.schema.dropTable("analytics_source_daily").execute();
      },
    },
    /** Issue 20: the language of the page a message was sent or a waitlist place asked for from, for the mails that answer it. */
    "0012_language_of_senders": {
      async up(db: Kysely<unknown>) {
        for (const table of ["waitlist_entry", "form_message"]) {
          await db.schema
            .alterTable(table)
            .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
            .execute();
        }
      },
      async down(db: Kysely<unknown>) {
        for (const table of ["form_message", "waitlist_entry"]) await db.schema.alterTable(table).dropColumn("language").execute();
      },
    },
    /** Issue 38, finding 9: trusted browsers listed by their device, and forgotten on security changes. */
    "0013_trusted_browser": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("trusted_browser")
          .addColumn("identifier", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("device", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("trusted_browser_user").on("trusted_browser").column("user_id").execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("trusted_browser").execute();
      },
    },
    /** Issue 38, finding 10: per-recipient ceilings count mailboxes, not exact addresses. */
    "0014_mail_outbox_mailbox": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("mail_outbox").addColumn("to_mailbox", "text").execute();
        await db.schema.createIndex("mail_outbox_mailbox").on("mail_outbox").columns(["to_mailbox", "kind", "created_at"]).execute();
        await db.schema.createIndex("mail_outbox_kind_created").on("mail_outbox").columns(["kind", "created_at"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex("mail_outbox_kind_created").execute();
        await db.schema.dropIndex("mail_outbox_mailbox").execute();
        await db.schema.alterTable("mail_outbox").dropColumn("to_mailbox").execute();
      },
    },
    /** Issue 38, finding 16: Google's and GitHub's tokens are no longer kept; those stored before go. */
    "0015_forget_provider_tokens": {
      async up(db: Kysely<unknown>) {
        // Better Auth's table (its own migration made it before ours run): named as it names its columns.
        await sql`update "account" set "accessToken" = null, "refreshToken" = null, "idToken" = null,
          "accessTokenExpiresAt" = null, "refreshTokenExpiresAt" = null where "providerId" <> 'credential'`.execute(db);
      },
      async down() {
        // Forgotten tokens cannot come back; a sign-in with the provider works without them.
      },
    },
    /**
     * Issue 38, finding 1: an unverified account holds no session any more (the session hook refuses
     * one); those made before (a GitHub address GitHub had not verified) end here.
     */
    "0016_end_unverified_sessions": {
      async up(db: Kysely<unknown>) {
        await sql`delete from "session" where "userId" in (select "id" from "user" where "emailVerified" = false)`.execute(db);
      },
      async down() {
        // Ended sessions do not come back.
      },
    },
    /**
     * Ask Tuesday (issue 41): daily counters (answered, not answered, by topic; thumbs by source), and
     * the unanswered-question log an operator may switch on (HELP_LOG_UNANSWERED; redacted, 30 days).
     * Questions themselves are stored nowhere else.
     */
    "0017_help": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("help_daily")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("topic", "text", (c) => c.notNull())
          .addColumn("metric", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint("help_daily_pk", ["day", "topic", "metric", "source"])
          .execute();
        await db.schema
          .createTable("help_unanswered")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("lang", "text", (c) => c.notNull())
          .addColumn("reason", "text", (c) => c.notNull())
          .addColumn("question", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("help_unanswered_day").on("help_unanswered").column("day").execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("help_unanswered").execute();
        await db.schema.dropTable("help_daily").execute();
      },
    },
  };
}
