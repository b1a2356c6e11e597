/**
 * The database schema as Kysely sees it.
 *
 * `user`, `session`, `account` and `verification` belong to Better Auth and keep
 * its camelCase column names; it creates and evolves them itself (see
 * migrate.server.ts). Our own tables use snake_case.
 *
 * Timestamps are `timestamptz` on PostgreSQL (read back as Date) and ISO-8601
 * text on SQLite (read back as string); `Timestamp` covers both and
 * `toIso()` in ./time.ts normalises on the way out.
 */
import type { ColumnType, Generated } from "kysely";

export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** SQLite stores booleans as 0/1. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The spec's user record, beside Better Auth's user row (one per user). */
export interface ProfileTable {
  user_id: string;
  gender: string;
  /** `YYYY-MM-DD` or "". */
  dob: string;
  about: string;
  login_count: number;
  last_login: Timestamp | null;
  verification_attempts: number;
  verification_sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type FormKind = "feedback" | "contact";

/** A feedback or contact message: stored before the sender gets an answer. */
export interface FormMessageTable {
  id: string;
  kind: FormKind;
  name: string;
  email: string;
  message: string;
  user_id: string | null;
  ip_hash: string;
  user_agent: string;
  created_at: Timestamp;
  /** When the notification mail to the company went out; null until then. */
  notified_at: Timestamp | null;
  notify_attempts: Generated<number>;
  notify_error: string | null;
  /** A sender holds the row until this time while it mails (several instances may retry). */
  notify_claimed_until: Timestamp | null;
}

/** The local outbox: every mail when no SMTP_URL is set, readable at /dev/mailbox. */
export interface DevMailboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  links: string;
  created_at: Timestamp;
}

/** One-time links (email verification) that have been used once already. */
export interface ConsumedTokenTable {
  token_hash: string;
  consumed_at: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profile: ProfileTable;
  form_message: FormMessageTable;
  dev_mailbox: DevMailboxTable;
  consumed_token: ConsumedTokenTable;
}
