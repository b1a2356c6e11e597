/**
 * Our own tables, as ordered Kysely migrations. They live in code rather than in
 * a folder read at run time so that they ship inside the server bundle.
 * Never edit a migration that has shipped: add the next one.
 *
 * Better Auth's tables come first (see migrate.server.ts): `profile` and
 * `form_message` reference `user`.
 */
import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./database.server";

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
  };
}
