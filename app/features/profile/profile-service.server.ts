/**
 * What the profile page and the user-record API (contract) both do: read the
 * viewer's own record, update its allow-listed fields, delete the account,
 * export it. Authorization is the caller's (requireViewer / requireOwner):
 * these functions only ever touch the viewer they are given.
 */
import { runWithEndpointContext } from "@better-auth/core/context";
import { APIError } from "better-auth/api";
import type { Logger } from "pino";
import { z } from "zod";
import type { Auth, SessionCache } from "~/features/auth/index.server";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { toIso } from "~/infra/db/time";
import type { Refusal } from "~/infra/http/responses";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, RULES, SIGN_IN_FAILURES, signInFailureChecks, signInFailureKeys } from "~/infra/rate-limit/rules";
import { account } from "~/shared/i18n/catalog/account";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import type { Viewer } from "~/shared/lib/viewer";
import { PROFILE_MESSAGES } from "./messages";
import { type FieldErrors, parseProfileUpdate } from "./profile-update.server";
import type { AccountWords, UserRecord } from "./user-record";
import { getProfileRecord, updateProfile } from "./user-record.server";
import { interestLabel } from "~/features/waitlist";
import { entryForEmail } from "~/features/waitlist/index.server";

export { PROFILE_MESSAGES };

export interface ProfileDeps {
  database: DatabaseHandle;
  /** The name shows in the header from the cached session: a new one must not wait for the entry to age out. */
  sessionCache?: Pick<SessionCache, "evictUser">;
  auth: Auth;
  limiter: RateLimiter;
  log: Logger;
}

/** The saved record (the spec's fields: what the API answers) and, apart, the mail language (the profile page's). */
export type UpdateOutcome = { ok: true; record: UserRecord; language: Locale } | { ok: false; message: string; fieldErrors: FieldErrors; conflict?: true };

export interface UpdateOptions {
  /** The `updated_at` the profile page's form was loaded with (optimistic update). */
  expectedVersion?: string;
  /** The profile page's form also sets the language of the person's mails; the API (the contract) does not. */
  withLanguage?: boolean;
  /** The profile page's form sends the date of birth as day, month and year boxes; the API sends `dob` (profile-update.server.ts). */
  dateParts?: boolean;
  /** The words of the page's language (field errors and messages); English for the API. */
  t?: AccountWords;
}

/**
 * Validates and writes name, gender, dob, about and (`withLanguage`, the
 * profile page) the mail language. Any other key in `input` (email, id,
 * counters, roles…) is never read. With `expectedVersion` (the profile
 * page's form: the `updated_at` it was loaded with), a record changed since
 * is not overwritten: the answer is a conflict (the page says so, 409).
 */
export async function updateOwnProfile(
  deps: Pick<ProfileDeps, "database" | "sessionCache">,
  viewer: Viewer,
  input: Record<string, unknown>,
  { expectedVersion, withLanguage = false, dateParts = false, t = account }: UpdateOptions = {},
): Promise<UpdateOutcome> {
  const parsed = parseProfileUpdate(input, { withLanguage, dateParts, t });
  if (!parsed.ok) return { ok: false, message: Object.values(parsed.fieldErrors).join(" "), fieldErrors: parsed.fieldErrors };
  const written = await updateProfile(deps.database.db, viewer.id, parsed.value, new Date(), expectedVersion);
  if (written === "conflict") return { ok: false, message: t.profile.changedElsewhere, fieldErrors: {}, conflict: true };
  deps.sessionCache?.evictUser(viewer.id);
  const saved = await getProfileRecord(deps.database.db, viewer.id);
  if (!saved) return { ok: false, message: t.profile.updateFailed, fieldErrors: {} };
  const { language, ...record } = saved;
  return { ok: true, record, language };
}

/**
 * The contract's body of `DELETE /api/user/:id` (and the profile page's
 * deletion form): the account's name as typed, and its password. The one
 * source of what the OpenAPI document says the operation takes (app/openapi.ts).
 */
export const deleteAccountBodySchema = z.object({
  name: z.string().meta({ description: "The account's name, typed again (compared trimmed)." }),
  password: z.string().optional().meta({ description: "The account's password; an account without one (Google, GitHub) is sent a confirmation link instead." }),
});

export type DeleteOutcome =
  | { kind: "deleted"; clearCookies: string[] }
  | { kind: "mail-sent" }
  | { kind: "name-mismatch" }
  | { kind: "password-required" }
  | { kind: "failed" }
  | { kind: "rate-limited"; decision: Refusal };

/**
 * Deletes the viewer's account, sessions and record after checking the typed
 * name and the password. An account made with Google or GitHub has no
 * password: its owner confirms through an emailed link instead.
 *
 * `authHeaders` are the request's headers for Better Auth (cookies, client IP).
 */
export async function deleteOwnAccount(
  deps: ProfileDeps,
  authHeaders: Headers,
  viewer: Viewer,
  input: Record<string, unknown>,
  ip: string,
  locale: Locale = "en",
): Promise<DeleteOutcome> {
  const body = deleteAccountBodySchema.safeParse(input);
  if (!body.success) return body.error.issues.some((issue) => issue.path[0] === "name") ? { kind: "name-mismatch" } : { kind: "password-required" };
  if (body.data.name.trim() !== viewer.name.trim()) return { kind: "name-mismatch" };

  const decision = await deps.limiter.consume(checksFor(RULES.deleteAccount, ip, viewer.id));
  if (!decision.allowed) return { kind: "rate-limited", decision };

  const ctx = await deps.auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(viewer.id);

  if (!credential?.password) {
    // Social-only account: Better Auth mails a one-time link (deleteUser.sendDeleteAccountVerification).
    try {
      await deps.auth.api.deleteUser({ body: { callbackURL: localizedPath("/home?deleted=1", locale) }, headers: authHeaders });
      return { kind: "mail-sent" };
    } catch (error) {
      deps.log.warn({ err: error }, "could not start an emailed account deletion");
      return { kind: "failed" };
    }
  }

  const password = body.data.password ?? "";
  if (!password) return { kind: "password-required" };
  // A wrong password here is a failed sign-in of the address, from this client and from everywhere, as at
  // the sign-in form and the re-authentication: a signed-in browser gets no guesses of its own. Only this
  // client's count stops it, though: strangers' failures elsewhere must not keep an owner from deleting.
  const failures = signInFailureChecks(viewer.email.toLowerCase(), ip);
  const fromThisClient = { key: signInFailureKeys(viewer.email.toLowerCase(), ip).perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp };
  const guessing = await deps.limiter.exhausted([fromThisClient]);
  if (!guessing.allowed) return { kind: "rate-limited", decision: guessing };
  if (password.length > 256 || !(await ctx.password.verify({ hash: credential.password, password }))) {
    await deps.limiter.record(failures).catch((error: unknown) => deps.log.warn({ err: error }, "could not count a wrong password at deletion"));
    return { kind: "failed" };
  }

  // Sign out first (its Set-Cookie headers clear this browser's cookies), then delete.
  let clearCookies: string[] = [];
  try {
    const { headers } = await deps.auth.api.signOut({ headers: authHeaders, returnHeaders: true });
    clearCookies = headers.getSetCookie();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // Removes the user's sessions and sign-in accounts too; our profile and messages follow by cascade.
  // Called outside Better Auth's endpoints, its database hooks would see no request: run it in one with
  // this request's headers, so the account-deleted notice (auth.server.ts) names the device, as it does
  // for an emailed deletion link. The hooks read nothing from it but the headers.
  const endpoint = { headers: authHeaders, request: undefined, context: ctx } as unknown as Parameters<typeof runWithEndpointContext>[0];
  await runWithEndpointContext(endpoint, () => ctx.internalAdapter.deleteUser(viewer.id));
  deps.log.info({ userId: viewer.id }, "account deleted by its owner");
  return { kind: "deleted", clearCookies };
}

/** A message's other fields (stored as a JSON object of strings); anything unreadable, kept under "raw". */
function fieldsOf(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : { raw: json };
  } catch {
    return { raw: json };
  }
}

/** Everything we hold about the viewer, for "Download my data" (GDPR/CCPA access and portability). */
export async function exportOwnData(deps: Pick<ProfileDeps, "database">, viewer: Viewer) {
  const db = deps.database.db;
  // The spec's record and the language the person's mails are written in.
  const record = await getProfileRecord(db, viewer.id);
  const accounts = await db.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", viewer.id).execute();
  const sessions = await db.selectFrom("session").select(["createdAt", "expiresAt", "userAgent"]).where("userId", "=", viewer.id).execute();
  // The launch waitlist keeps addresses, not accounts: the row of this account's address, if there is one.
  const waitlist = await entryForEmail(db, viewer.email);
  const user = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", viewer.id).executeTakeFirst();
  const passkeys = await db.selectFrom("passkey").select(["name", "device_type", "created_at", "last_used_at"]).where("user_id", "=", viewer.id).execute();
  const trustedBrowsers = await db.selectFrom("trusted_browser").select(["device", "created_at"]).where("user_id", "=", viewer.id).execute();
  // The record lists the messages sent while signed in; beside it, each one's other fields and the
  // company's replies (not who wrote them).
  const messages = await db.selectFrom("form_message").select(["id", "fields"]).where("user_id", "=", viewer.id).execute();
  const replies = await db
    .selectFrom("message_reply")
    .innerJoin("form_message", "form_message.id", "message_reply.message_id")
    .select(["message_reply.message_id", "message_reply.body", "message_reply.created_at"])
    .where("form_message.user_id", "=", viewer.id)
    .orderBy("message_reply.created_at")
    .execute();
  return {
    exported_at: new Date().toISOString(),
    record,
    sign_in_methods: accounts.map((a) => ({ provider: a.providerId === "credential" ? "email and password" : a.providerId, since: a.createdAt })),
    sessions,
    two_factor: { enabled: Boolean(user?.twoFactorEnabled) },
    passkeys: passkeys.map((p) => ({ name: p.name, device_type: p.device_type, created_at: toIso(p.created_at), last_used_at: toIso(p.last_used_at) })),
    trusted_browsers: trustedBrowsers.map((b) => ({ device: b.device, created_at: toIso(b.created_at) })),
    message_details: messages.map((m) => ({
      message_id: m.id,
      fields: fieldsOf(m.fields),
      replies: replies.filter((r) => r.message_id === m.id).map((r) => ({ sent_at: toIso(r.created_at), body: r.body })),
    })),
    waitlist: waitlist
      ? {
          email: waitlist.email,
          interest: interestLabel(waitlist.interest),
          status: waitlist.status,
          joined_at: waitlist.createdAt,
          confirmed_at: waitlist.confirmedAt,
        }
      : null,
  };
}
