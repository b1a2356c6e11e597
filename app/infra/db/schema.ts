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
/** A nullable timestamp the database defaults (to null) on insert. */
export type OptionalTimestamp = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
/** SQLite stores booleans as 0/1. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  /** Better Auth's two-factor plugin: on once the first code confirmed the setup. */
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
  /** The language its mails are written in ("en" or "hi"): the page's at sign-up, changeable on the profile (issue 20). */
  language: ColumnType<string | null, string | undefined, string>;
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
  /** When its owner last proved it is them (password, code or passkey); null: only at sign-in (features/auth/reauthentication.server.ts). */
  reauthenticatedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  /** Google's and GitHub's tokens: never kept (features/auth/auth.server.ts), always null since issue 38. */
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
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
  /** "operator" may use /admin (as may any verified address in OPERATOR_EMAILS). */
  role: ColumnType<"member" | "operator", "member" | "operator" | undefined, "member" | "operator">;
  /** Set by an operator: the account cannot sign in until it is cleared. */
  sign_in_disabled_at: OptionalTimestamp;
}

export type FormKind = "feedback" | "contact";

/** A feedback or contact message: stored before the sender gets an answer. */
export interface FormMessageTable {
  id: string;
  /** The form's key: "feedback", "contact", or a form an operator made (`form.key`). */
  kind: string;
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
  /** The inbox: "open" until an operator marks it handled. */
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  handled_at: OptionalTimestamp;
  /** The operator's email who marked it handled. */
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Every field the sender sent besides name, email and message (a form of the form service takes any), as a JSON object of strings. */
  fields: ColumnType<string, string | undefined, string>;
  /** Why a message is in the spam folder ("honeypot", "rate limit", …); null for others. */
  spam_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the page it was sent from ("en" or "hi"; the API's: "en"): an operator's reply is written in it (0012). */
  language: ColumnType<string | null, string | undefined, string>;
}

/** "spam": caught by the honeypot or a limit, kept in the spam folder (no mail, no webhook) until an operator moves it. */
export type MessageStatus = "open" | "handled" | "spam";

/** A form of the form service (`/f/:key`, and the built-in feedback and contact). */
export interface FormTable {
  key: string;
  name: string;
  /** Where its messages are announced; "" = the company's contact address. */
  notify_email: string;
  enabled: Bool;
  /** Origins allowed to post from another site, one per line. */
  allowed_origins: string;
  built_in: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The form's own fields' rules, a JSON list of {name, type: "text"|"email"|"number", required} (features/forms/field-rules.ts). */
  field_rules: ColumnType<string, string | undefined, string>;
  /** The autoresponder: a mail to the sender when both are set; "" = none. */
  autoreply_subject: ColumnType<string, string | undefined, string>;
  autoreply_body: ColumnType<string, string | undefined, string>;
  /** Where each kept message is POSTed (infra/webhooks); "" = no webhook. */
  webhook_url: ColumnType<string, string | undefined, string>;
  /** The HMAC key of its signatures, made by the server when a webhook is first set. */
  webhook_secret: ColumnType<string, string | undefined, string>;
}

/** One POST of a webhook (infra/webhooks/webhook-queue.server.ts), retried like a mail. */
export interface WebhookDeliveryTable {
  id: string;
  form_key: string;
  message_id: string;
  url: string;
  event: string;
  /** The JSON body, signed when sent. */
  body: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  /** The receiver's last HTTP status; null when it did not answer. */
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
  give_up_at: Timestamp;
}

/** An operator's answer to a message, sent through the outbox (`mail_id`) and kept with it. */
export interface MessageReplyTable {
  id: string;
  message_id: string;
  operator_id: string;
  operator_email: string;
  body: string;
  mail_id: string;
  created_at: Timestamp;
}

/** Who did what, when: every operator action. */
export interface AuditLogTable {
  id: string;
  at: Timestamp;
  actor_id: string;
  actor_email: string;
  action: string;
  target: string;
  detail: string;
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

/**
 * The durable mail outbox (0005_outbox_idempotency; infra/mail/outbox.server.ts):
 * every mail, written before the answer that promises it, sent by a worker.
 */
export interface MailOutboxTable {
  /** Also the Message-ID's local part: the same on every attempt. */
  id: string;
  /** "verification", "password-reset", "form-notification", … (outbox.server.ts MAIL_KINDS). */
  kind: string;
  to_address: string;
  /** The recipient's mailbox (shared/lib/mailbox.ts), which per-recipient ceilings count; null on rows from before. */
  to_mailbox: string | null;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  /** The account it is about (no reference: an account-deleted notice outlives the account). */
  user_id: string | null;
  /** What it is about, e.g. the form message it announces. */
  ref: string | null;
  /** "pending" (waiting or being sent), "sent", "failed" (given up), "superseded" (a newer one replaced it). */
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Timestamp;
  /** A sender holds the row until then. */
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** After this, a failed attempt gives up (24 hours after it was written, or after an operator's retry). */
  give_up_at: Timestamp;
  /** The List-Unsubscribe address (RFC 2369/8058) of a mail to a list (the waitlist); null for a personal mail. */
  list_unsubscribe: string | null;
}

export type OutboxStatus = "pending" | "sent" | "failed" | "superseded";

/**
 * Idempotent writes (0005): a client's Idempotency-Key (or a form's one-time
 * token) with the answer it got, so that a retry is answered, not repeated.
 */
export interface IdempotencyKeyTable {
  /** SHA-256 of the scope (which endpoint) and the client's key. */
  key_hash: string;
  /** SHA-256 of what was sent: the same key with another request is refused. */
  fingerprint: string;
  /** "pending" while the first request runs, then "done". */
  state: "pending" | "done";
  response_status: number | null;
  /** JSON: the answer's headers worth repeating (content type, Set-Cookie, …). */
  response_headers: string | null;
  response_body: string | null;
  created_at: Timestamp;
}

/** Readiness's write probe (0005): one row per instance, rewritten by each probe. */
export interface ReadinessProbeTable {
  id: string;
  at: Timestamp;
}

/** One-time links (email verification) that have been used once already. */
export interface ConsumedTokenTable {
  token_hash: string;
  consumed_at: Timestamp;
}

/** The 40 histogram buckets of an analytics row: b00 … b39. */
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
export type AnalyticsBucket = `b${"0" | "1" | "2" | "3"}${Digit}`;

/**
 * Analytics, aggregated at ingest (0003_analytics): one row per UTC day, route
 * pattern, metric ("pageview" or a Core Web Vital), device class and
 * connection type. `count` is how many values were seen; the buckets count
 * them by size (features/analytics/histogram.ts), so percentiles can be
 * computed over any set of rows. Page-view rows keep their buckets at 0.
 */
export type AnalyticsDailyTable = {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  route: string;
  metric: string;
  device: string;
  connection: string;
  count: Generated<number>;
} & { [K in AnalyticsBucket]: Generated<number> };

/**
 * Where visits came from, per UTC day (issue 21; features/analytics/attribution.server.ts):
 * `visitors` counts a visitor once a day (by a keyed hash kept in memory or
 * Redis for the day, never here), `pageviews` every page view of theirs.
 */
export interface AnalyticsSourceDailyTable {
  day: string;
  /** The UTM source, else the referring host, else "direct"; "(other)" past the day's cap. */
  source: string;
  medium: string;
  campaign: string;
  visitors: Generated<number>;
  pageviews: Generated<number>;
}

/** Goals counted on the server (sign-up completed, email verified, waitlist joined, form sent), per day and source. */
export interface AnalyticsGoalDailyTable {
  day: string;
  goal: string;
  source: string;
  medium: string;
  campaign: string;
  count: Generated<number>;
}

/** Better Auth's two-factor plugin: the authenticator secret and backup codes, both encrypted with AUTH_SECRET. */
export interface TwoFactorTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified: Bool | null;
  failedVerificationCount: number | null;
  lockedUntil: OptionalTimestamp;
}

/** A code an authenticator gave that was accepted: it is not accepted again within its window (two-factor.server.ts). */
export interface TwoFactorUsedCodeTable {
  user_id: string;
  code: string;
  used_at: Timestamp;
}

/**
 * The device behind a "trust this device" row of Better Auth's (its
 * `verification` row `trust-device-…`, whose value is the user id), so the
 * security page can name it (features/auth/trusted-browsers.server.ts).
 */
export interface TrustedBrowserTable {
  identifier: string;
  user_id: string;
  device: string;
  created_at: Timestamp;
}

/** A WebAuthn credential (features/auth/passkeys.server.ts). */
export interface PasskeyTable {
  id: string;
  user_id: string;
  name: string;
  /** The credential id, base64url, as the authenticator names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter (bigint: a 32-bit unsigned value; PostgreSQL hands it back as a string). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of transports ("internal", "hybrid", "usb"...). */
  transports: string;
  device_type: string;
  backed_up: Bool;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/**
 * The launch waitlist (features/waitlist): one row per address. "pending"
 * until the mailed link confirms it (double opt-in); unsubscribing deletes it.
 */
export interface WaitlistEntryTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  /** "plan:standard", "product:tuesday-watch", or "" (anything). features/waitlist/interests.ts */
  interest: string;
  status: "pending" | "confirmed";
  /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
  confirm_token_hash: string | null;
  confirm_sent_at: Timestamp | null;
  /** The page the address was given on ("/pricing"), for the console. */
  source: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  /** The language of the page the person joined from ("en" or "hi"): the waitlist's mails are written in it (0012). */
  language: ColumnType<string | null, string | undefined, string>;
}

/** Ask Tuesday's daily counters (features/help): `metric` is answered, none, up or down; `source` a page path or "". */
export interface HelpDailyTable {
  day: string;
  topic: string;
  metric: string;
  source: string;
  count: number;
}

/** Unanswered questions, redacted, kept 30 days, written only where HELP_LOG_UNANSWERED is on. */
export interface HelpUnansweredTable {
  id: string;
  day: string;
  lang: string;
  reason: string;
  question: string;
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
  form: FormTable;
  audit_log: AuditLogTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_source_daily: AnalyticsSourceDailyTable;
  analytics_goal_daily: AnalyticsGoalDailyTable;
  mail_outbox: MailOutboxTable;
  idempotency_key: IdempotencyKeyTable;
  readiness_probe: ReadinessProbeTable;
  twoFactor: TwoFactorTable;
  two_factor_used_code: TwoFactorUsedCodeTable;
  passkey: PasskeyTable;
  trusted_browser: TrustedBrowserTable;
  waitlist_entry: WaitlistEntryTable;
  message_reply: MessageReplyTable;
  webhook_delivery: WebhookDeliveryTable;
  help_daily: HelpDailyTable;
  help_unanswered: HelpUnansweredTable;
}
