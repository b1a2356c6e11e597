/**
 * Passkeys (WebAuthn), as a Better Auth plugin on SimpleWebAuthn, as Epic
 * Stack does (docs/decisions/0024-two-factor-passkeys-reauthentication.md):
 * `@better-auth/passkey` 1.7.x pins older versions of packages better-auth
 * 1.7.25 also uses, and `npm ci` fails on it (ERESOLVE).
 *
 *   POST /passkey/registration-options  signed in and fresh: options for the browser
 *   POST /passkey/register              signed in and fresh: the new credential, named
 *   POST /passkey/authentication-options anyone: a challenge (discoverable credentials)
 *   POST /passkey/authenticate          sign in with a passkey; signed in as its owner: a re-authentication
 *   GET  /passkey/list, POST /passkey/rename, POST /passkey/delete (delete: fresh)
 *
 * Challenges live five minutes in Better Auth's verification table, named by
 * the session (registration) or by a signed cookie (authentication), and are
 * consumed by their first use. The relying party is APP_URL's host; only
 * APP_URL's origin may answer. A passkey signs in only to a verified account
 * (it can only be added by one), and the operator's stop holds (the session
 * hook refuses the session).
 */
import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { BetterAuthPlugin, GenericEndpointContext as Ctx } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { z } from "zod";
import { site } from "~/config/site";
import type { Database } from "~/infra/db/schema";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { passkeyChangedMail } from "./mails";
import { waitMessage } from "~/infra/http/responses";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import { describeDevice } from "~/shared/lib/device";
import { clientIpOf } from "./client-ip";
import { markReauthenticated } from "./reauthentication.server";
import { clientText } from "~/shared/lib/client-text";
import { auth } from "~/shared/i18n/catalog/auth";
import { deviceIn, languageOfAccount, pageLink } from "./mail-language";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_COOKIE = "passkey_challenge";
const NAME_MAX = 60;

/** The API's English (the "auth" area's passkey words); pages in other languages say it by the code (passkey-client.ts). */
export const PASSKEY_MESSAGES = {
  unknown: auth.passkey.unknown,
  failed: auth.passkey.checkFailed,
  expired: auth.passkey.expired,
  unverified: auth.passkey.unverified,
  notFound: auth.passkey.notFound,
  nameRequired: auth.passkey.nameRequired,
  exists: auth.passkey.alreadyAdded,
} as const;

export interface PasskeysDeps {
  db: Kysely<Database>;
  appUrl: string;
  limiter: RateLimiter;
  outbox?: MailOutbox;
  log?: Logger;
}

export interface ListedPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between devices (a platform passkey backed up to the cloud), or bound to one authenticator. */
  synced: boolean;
}

const asIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function cleanName(value: unknown, fallback: string): string {
  const text = clientText(value)
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, NAME_MAX);
  return text || fallback;
}

export function passkeys({ db, appUrl, limiter, outbox, log }: PasskeysDeps) {
  const { origin, hostname: rpID } = new URL(appUrl);

  async function limit(ctx: Ctx) {
    const decision = await limiter.consume(checksFor(RULES.signIn, clientIpOf(ctx.headers))).catch(() => ({ allowed: true }) as const);
    if (!decision.allowed)
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: "RATE_LIMITED", message: waitMessage(decision.retryAfterS) },
        { "Retry-After": String(decision.retryAfterS) },
      );
  }

  async function storeChallenge(ctx: Ctx, identifier: string, challenge: string) {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier).catch(() => {});
    await ctx.context.internalAdapter.createVerificationValue({ identifier, value: challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  }

  /** The challenge stored under `identifier`, consumed: it answers once. */
  async function takeChallenge(ctx: Ctx, identifier: string): Promise<string> {
    const record = await ctx.context.internalAdapter.consumeVerificationValue(identifier).catch(() => null);
    if (!record || new Date(record.expiresAt) <= new Date())
      throw new APIError("BAD_REQUEST", { code: "CHALLENGE_EXPIRED", message: PASSKEY_MESSAGES.expired });
    return record.value;
  }

  function notice(ctx: Ctx, user: { id: string; email: string; name: string; language?: unknown }, added: boolean, name: string) {
    if (!outbox) return;
    const queued = outbox;
    void languageOfAccount(db, user)
      .then((language) =>
        queued.enqueue({
          kind: "passkey-changed",
          to: user.email,
          userId: user.id,
          ...passkeyChangedMail(user.name, added, name, new Date(), deviceIn(ctx.headers, language), pageLink(appUrl, "/profile/security", language), language),
        }),
      )
      .catch((error: unknown) => log?.error({ err: error }, "passkey notice not queued"));
  }

  const registrationOptions = createAuthEndpoint("/passkey/registration-options", { method: "POST", use: [sessionMiddleware] }, async (ctx) => {
    const { session, user } = ctx.context.session;
    const existing = await db.selectFrom("passkey").select(["credential_id", "transports"]).where("user_id", "=", user.id).execute();
    const options = await generateRegistrationOptions({
      rpName: site.productName,
      rpID,
      userName: user.email,
      userDisplayName: user.name || user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: "none",
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] })),
      // A discoverable credential, so that it signs in without an address typed first.
      // User verification (a PIN, a fingerprint) required: a passkey stands in for the password and the
      // second factor at once, so it must be two factors itself (issue 38, finding 6; ADR 0034).
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await storeChallenge(ctx, `passkey-registration:${session.id}`, options.challenge);
    return ctx.json(options);
  });

  const register = createAuthEndpoint(
    "/passkey/register",
    { method: "POST", use: [sessionMiddleware], body: z.object({ response: z.record(z.string(), z.unknown()), name: z.string().max(200).optional() }) },
    async (ctx) => {
      const { session, user } = ctx.context.session;
      const expectedChallenge = await takeChallenge(ctx, `passkey-registration:${session.id}`);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: ctx.body.response as unknown as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (error) {
        log?.info({ err: error }, "passkey registration refused");
        throw new APIError("BAD_REQUEST", { code: "PASSKEY_INVALID", message: PASSKEY_MESSAGES.failed });
      }
      if (!verification.verified) throw new APIError("BAD_REQUEST", { code: "PASSKEY_INVALID", message: PASSKEY_MESSAGES.failed });
      const info = verification.registrationInfo;
      const device = describeDevice(ctx.headers?.get("user-agent") ?? "");
      const name = cleanName(ctx.body.name, device === "Unknown device" ? "Passkey" : device);
      const row = {
        id: randomUUID(),
        user_id: user.id,
        name,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: JSON.stringify(info.credential.transports ?? []),
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp ? 1 : 0,
        created_at: new Date().toISOString(),
        last_used_at: null,
      };
      // A credential registered before (here or to another account) is refused, not a 500 (finding 14).
      const inserted = await db
        .insertInto("passkey")
        .values(row)
        .onConflict((oc) => oc.column("credential_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) throw new APIError("BAD_REQUEST", { code: "PASSKEY_EXISTS", message: PASSKEY_MESSAGES.exists });
      notice(ctx, user, true, name);
      return ctx.json({ passkey: { id: row.id, name, createdAt: row.created_at, lastUsedAt: null, synced: info.credentialBackedUp } satisfies ListedPasskey });
    },
  );

  const authenticationOptions = createAuthEndpoint("/passkey/authentication-options", { method: "POST" }, async (ctx) => {
    await limit(ctx);
    const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
    const id = randomUUID();
    await storeChallenge(ctx, `passkey-authentication:${id}`, options.challenge);
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_TTL_MS / 1000 });
    await ctx.setSignedCookie(cookie.name, id, ctx.context.secret, { ...cookie.attributes, maxAge: CHALLENGE_TTL_MS / 1000 });
    return ctx.json(options);
  });

  const authenticate = createAuthEndpoint(
    "/passkey/authenticate",
    { method: "POST", body: z.object({ response: z.record(z.string(), z.unknown()), rememberMe: z.boolean().optional() }) },
    async (ctx) => {
      await limit(ctx);
      const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
      const id = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      if (!id) throw new APIError("BAD_REQUEST", { code: "CHALLENGE_EXPIRED", message: PASSKEY_MESSAGES.expired });
      ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
      const expectedChallenge = await takeChallenge(ctx, `passkey-authentication:${id}`);
      const response = ctx.body.response as unknown as AuthenticationResponseJSON;
      const stored =
        typeof response.id === "string" ? await db.selectFrom("passkey").selectAll().where("credential_id", "=", response.id).executeTakeFirst() : undefined;
      if (!stored) throw new APIError("UNAUTHORIZED", { code: "PASSKEY_UNKNOWN", message: PASSKEY_MESSAGES.unknown });
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: stored.credential_id,
            publicKey: new Uint8Array(Buffer.from(stored.public_key, "base64url")),
            counter: Number(stored.counter),
            transports: JSON.parse(stored.transports) as string[],
          },
        });
      } catch (error) {
        log?.info({ err: error }, "passkey authentication refused");
        throw new APIError("UNAUTHORIZED", { code: "PASSKEY_INVALID", message: PASSKEY_MESSAGES.failed });
      }
      if (!verification.verified) throw new APIError("UNAUTHORIZED", { code: "PASSKEY_INVALID", message: PASSKEY_MESSAGES.failed });
      await db
        .updateTable("passkey")
        .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
        .where("id", "=", stored.id)
        .execute();

      // Signed in already, as the passkey's owner: this was a re-authentication.
      const current = await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null);
      if (current && current.user.id === stored.user_id) {
        await markReauthenticated(ctx, current.session.token);
        return ctx.json({ reauthenticated: true });
      }

      const user = await ctx.context.internalAdapter.findUserById(stored.user_id);
      if (!user) throw new APIError("UNAUTHORIZED", { code: "PASSKEY_UNKNOWN", message: PASSKEY_MESSAGES.unknown });
      if (!user.emailVerified) throw new APIError("FORBIDDEN", { code: "EMAIL_NOT_VERIFIED", message: PASSKEY_MESSAGES.unverified });
      const session = await ctx.context.internalAdapter.createSession(user.id, ctx.body.rememberMe === false);
      if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_CREATE_SESSION", message: PASSKEY_MESSAGES.failed });
      await setSessionCookie(ctx, { session, user }, ctx.body.rememberMe === false);
      return ctx.json({ signedIn: true, user: { id: user.id, email: user.email, name: user.name } });
    },
  );

  const list = createAuthEndpoint("/passkey/list", { method: "GET", use: [sessionMiddleware] }, async (ctx) => {
    return ctx.json(await listPasskeys(db, ctx.context.session.user.id));
  });

  const rename = createAuthEndpoint(
    "/passkey/rename",
    { method: "POST", use: [sessionMiddleware], body: z.object({ id: z.string().max(100), name: z.string().max(200) }) },
    async (ctx) => {
      const name = cleanName(ctx.body.name, "");
      if (!name) throw new APIError("BAD_REQUEST", { code: "NAME_REQUIRED", message: PASSKEY_MESSAGES.nameRequired });
      const result = await db
        .updateTable("passkey")
        .set({ name })
        .where("id", "=", ctx.body.id)
        .where("user_id", "=", ctx.context.session.user.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new APIError("NOT_FOUND", { code: "PASSKEY_NOT_FOUND", message: PASSKEY_MESSAGES.notFound });
      return ctx.json({ status: true, name });
    },
  );

  const remove = createAuthEndpoint(
    "/passkey/delete",
    { method: "POST", use: [sessionMiddleware], body: z.object({ id: z.string().max(100) }) },
    async (ctx) => {
      const { user } = ctx.context.session;
      const row = await db.selectFrom("passkey").select(["id", "name"]).where("id", "=", ctx.body.id).where("user_id", "=", user.id).executeTakeFirst();
      if (!row) throw new APIError("NOT_FOUND", { code: "PASSKEY_NOT_FOUND", message: PASSKEY_MESSAGES.notFound });
      await db.deleteFrom("passkey").where("id", "=", row.id).where("user_id", "=", user.id).execute();
      notice(ctx, user, false, row.name);
      return ctx.json({ status: true });
    },
  );

  return {
    id: "passkeys",
    endpoints: {
      passkeyRegistrationOptions: registrationOptions,
      passkeyRegister: register,
      passkeyAuthenticationOptions: authenticationOptions,
      passkeyAuthenticate: authenticate,
      passkeyList: list,
      passkeyRename: rename,
      passkeyDelete: remove,
    },
  } satisfies BetterAuthPlugin;
}

/** The viewer's passkeys, newest first. */
export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<ListedPasskey[]> {
  const rows = await db.selectFrom("passkey").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: asIso(row.created_at)!,
    lastUsedAt: asIso(row.last_used_at),
    synced: Boolean(row.backed_up),
  }));
}
