/**
 * Our identity service: Better Auth on the app's own database, replacing the
 * spec's hosted identity provider.
 *
 * - Email and password with mandatory verification; links expire in an hour.
 * - Google through OpenID Connect discovery at GOOGLE_ISSUER (ID token
 *   signature, issuer, audience and nonce verified against its JWKS).
 * - GitHub through GITHUB_URL and GITHUB_API_URL.
 * - Profile bookkeeping (the spec's user record) in database hooks.
 * - Sessions made and ended, announced to TOKEN_SYNC_URL when it is set
 *   (the same hooks; features/token-sync).
 * - Our account rules (rate limits, failed sign-ins, one-time links, the
 *   pending-verification cookie, resend) as plugins: account-rules.server.ts.
 */
import type { GoalRecorder } from "~/features/analytics/index.server";
import { visitorOf } from "./client-ip";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import { site } from "~/config/site";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { createProfile } from "~/infra/db/profile-rows.server";
import { findUnavailable } from "~/infra/db/unavailable";
import type { MailKind, MailOutbox, NewMail } from "~/infra/mail/outbox.server";
import {
  accountDeletedMail,
  connectionChangedMail,
  deleteAccountMail,
  emailVerifiedMail,
  existingAccountMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from "./mails";
import { memoryStore, RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { allowedOrigins } from "~/infra/security/origin-check.server";
import { cleanName, NAME_MAX_LENGTH, NAME_TOO_LONG, nameFromEmail } from "~/shared/lib/person-name";
import { passwordPolicy } from "./password-policy-plugin.server";
import { signUpFields } from "./sign-up-fields.server";
import { accountRules } from "./account-rules.server";
import { forgiveFailedSignIns } from "./sign-in-limits.server";
import { verificationSendTime } from "./verification-mail.server";
import { connectedAccounts, providerName } from "./connected-accounts.server";
import { passkeys } from "./passkeys.server";
import { reauthentication } from "./reauthentication.server";
import { sessionLifetime } from "./session-lifetime.server";
import { signInEvents } from "./sign-in-events.server";
import { forgiveWrongCodes, refuseConnectingBeforeTheCode, twoFactorEverywhere, twoFactorPlugin } from "./two-factor.server";
import { SessionCache, sessionCaching } from "./session-cache.server";
import { tokenlessSessions } from "./tokenless-sessions.server";
import { noteCreatedSession, tokenSyncAnnouncements } from "./token-sync-events.server";
import { forgetTrustedBrowsers, noteTrustedBrowser, trustedBrowserRevocation } from "./trusted-browsers.server";
import { refuseUnverifiedProviderUser, refuseUnverifiedSession, releaseForProvider, unverifiedAddresses } from "./unverified-addresses.server";
import { AUTH_COOKIE_PREFIX } from "~/infra/http/session-cookie";
import { githubUserInfo } from "./github.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { asLocale, DEFAULT_LOCALE } from "~/shared/i18n/locale";
import type { TokenSync } from "~/features/token-sync/index.server";
import { deviceIn, languageOf, pageLink } from "./mail-language";
import { sessionCap } from "./active-sessions.server";
import { passwordSignInStart, refuseSessionFromOldPassword } from "./password-sign-in-start.server";

export interface AuthDeps {
  env: Env;
  database: DatabaseHandle;
  /** Every mail goes through the durable outbox: a callback only writes it there, never waits for a mail server. */
  outbox?: MailOutbox;
  log?: Logger;
  /** Shared with the rest of the app (Redis across instances); a private one when only the schema is needed (migrations). */
  limiter?: RateLimiter;
  /** Who each session cookie is, for a few seconds (session-cache.server.ts); shared with the request context. */
  sessionCache?: SessionCache;
  /** Announces sign-ins and sign-outs to TOKEN_SYNC_URL (features/token-sync); absent when it is not set. */
  tokenSync?: TokenSync;
  /** Counts the sign-up and verification goals under the visit's source (features/analytics); absent in tools. */
  analytics?: GoalRecorder;
}

/** Verification, reset and account-deletion links live this long (seconds). */
export const LINK_LIFETIME_S = 60 * 60;

/**
 * What Better Auth logs as an error when it refuses what a client sent: an origin or URL its origin
 * check does not trust, a provider callback with no state it holds or can read (opened twice, or
 * forged), a provider this site does not offer.
 */
const CLIENT_REFUSAL =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|INVALID_CALLBACK_REQUEST$|State not found$|Failed to parse state$|Provider not found\b)/;

/** Endpoints Better Auth offers that this product does not: each would bypass a rule of ours. */
const DISABLED_PATHS = [
  "/send-verification-email", // bypasses the 5-attempt / 5-minute resend rules: /api/auth/resend-verification
  "/update-user", // bypasses the profile allow-list: /api/saveUser/:uid
  "/change-email", // the spec keeps the email read-only
  "/delete-user", // deletion needs the typed name and the password: DELETE /api/user/:uid
];

function socialProviders(env: Env, db: DatabaseHandle["db"], log?: Logger): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  // Once the provider said who signed in: a verified address is taken back from an unverified account.
  const release = (profile: Record<string, unknown>) => releaseForProvider(db, profile, log);
  if (env.google) {
    providers.push({
      providerId: "google",
      name: "Google",
      clientId: env.google.clientId,
      clientSecret: env.google.clientSecret,
      discoveryUrl: `${env.google.issuer}/.well-known/openid-configuration`,
      requireIdTokenVerification: true,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      mapProfileToUser: async (profile) => {
        await release(profile);
        return { name: String(profile.name ?? profile.given_name ?? "").trim() || String(profile.email ?? "").split("@")[0] };
      },
    });
  }
  if (env.github) {
    const { apiUrl } = env.github;
    providers.push({
      providerId: "github",
      name: "GitHub",
      clientId: env.github.clientId,
      clientSecret: env.github.clientSecret,
      authorizationUrl: `${env.github.url}/login/oauth/authorize`,
      tokenUrl: `${env.github.url}/login/oauth/access_token`,
      scopes: ["read:user", "user:email"],
      pkce: true,
      getUserInfo: async (tokens) => (tokens.accessToken ? githubUserInfo(apiUrl, tokens.accessToken) : null),
      mapProfileToUser: async (profile) => {
        await release(profile);
        return {};
      },
    });
  }
  return providers;
}

/** An account row without the provider's access, refresh and ID tokens (a password's row has none). */
function withoutProviderTokens<T extends Record<string, unknown>>(account: T): T {
  if (account.providerId === "credential") return account;
  const stripped: Record<string, unknown> = { ...account };
  for (const field of ["accessToken", "refreshToken", "idToken", "accessTokenExpiresAt", "refreshTokenExpiresAt"])
    if (field in stripped) stripped[field] = null;
  return stripped as T;
}

export function authOptions({
  env,
  database,
  outbox,
  log,
  limiter = new RateLimiter(memoryStore()),
  sessionCache = new SessionCache(),
  tokenSync,
  analytics,
}: AuthDeps) {
  const db = database.db;
  /** Writes the mail to the outbox (one insert); the outbox's worker sends it. */
  const send = async (mail: NewMail, options?: { notBefore?: Date }) => {
    if (!outbox) throw new Error("mail is not configured");
    await outbox.enqueue(mail, options);
  };
  /** A security notice: worth sending, never worth failing the change it reports. */
  const notice = (mail: NewMail & { kind: MailKind }) =>
    send(mail).catch((error: unknown) => log?.error({ err: error, kind: mail.kind }, "security notice not queued"));
  /** What every way a session ends (sign-out, revocation, the cap, account deletion) does besides the delete. */
  const sessionEnded = (session: { id: string; token: string; userId: string; createdAt?: unknown }) => {
    sessionCache.evictToken(session.token);
    // A DELETE to the receiver.
    tokenSync?.signedOut(session);
  };

  return {
    appName: site.productName,
    baseURL: env.appUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    database: { db, type: database.dialect },
    telemetry: { enabled: false },
    trustedOrigins: [...allowedOrigins(env.appOrigin)],
    // Our limiter (sign-in-limits.server.ts) covers IP and email, works across
    // instances, and also applies to our own server-side auth.api calls.
    rateLimit: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // Lists Better Auth reads whole to act on every row (an account's sessions when it ends them all,
      // its sign-in methods): read whole. 100 by default; an account holds at most 50 sessions besides.
      database: { defaultFindManyLimit: 1000 },
      // Privacy first: sessions keep no IP address (rate limits use the client IP
      // of the request, computed by our HTTP edge, and keep it only in memory/Redis).
      ipAddress: { disableIpTracking: true },
      // Better Auth skips its origin and callback checks when it sees a test runner; the tests check
      // what production does, so they run here too (explicitly not disabled).
      disableOriginCheck: false,
    },
    logger: {
      log: (level, message, ...args) => {
        if (!log) return;
        // A database outage is logged once per request by the edge, with the dependency; not again here.
        const quiet = args.some((arg) => findUnavailable(arg));
        // What a client sent and Better Auth refused ("Invalid callbackURL: …", a stale state) is the
        // client's doing, not a fault of ours: a warning, so that nobody can fill the error log with them.
        const refusedClient = level === "error" && CLIENT_REFUSAL.test(message);
        log[quiet ? "debug" : refusedClient ? "warn" : level]({ source: "better-auth", details: args.length ? args : undefined }, message);
      },
    },
    session: sessionLifetime.options(env.sessionLifetime),
    // A Google or GitHub round trip that failed before Better Auth knew where to send it back (a stale or
    // foreign state): to the sign-in page, which says so, not to /api/auth/error (closed: the allow-list).
    onAPIError: { errorURL: `${env.appUrl}/auth` },
    account: {
      // Connecting Google or GitHub from the security page (signed in, fresh): the provider's
      // address may differ from the account's. Linking at sign-in still needs the same, verified address.
      accountLinking: { enabled: true, allowDifferentEmails: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: env.minPasswordLength,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_S,
      revokeSessionsOnPasswordReset: true,
      // The owner proved control of the mailbox: earlier failed guesses no longer count against the address.
      onPasswordReset: async ({ user }, request) => {
        await forgiveFailedSignIns(limiter, user.email, log);
        // The codes tried in a row too: whoever ran them up had the old password, which is gone now.
        await forgiveWrongCodes(limiter, user.id, log);
        // A new password: no browser stays trusted to skip the code (issue 38, finding 9).
        await forgetTrustedBrowsers(db, user.id);
        // The device, when Better Auth has the browser's request (the reset page's own action calls the API without one).
        const language = languageOf(user);
        await notice({
          kind: "password-changed",
          to: user.email,
          userId: user.id,
          ...passwordChangedMail(user.name, new Date(), pageLink(env.appUrl, "/auth?mode=reset", language), deviceIn(request?.headers, language), language),
        });
      },
      sendResetPassword: async ({ user, url }) =>
        send({ kind: "password-reset", to: user.email, userId: user.id, ...passwordResetMail(user.name, url, languageOf(user)) }),
      // A sign-up for a taken address answers like a new one (no enumeration); the owner hears about it
      // by mail instead: "you already have an account". (An address never verified is not taken: the
      // sign-up replaced that account before Better Auth looked, unverified-addresses.server.ts; one
      // still found here lost a race with a sign-up a moment ago, whose own link is on its way.)
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) return;
        await send({
          kind: "existing-account",
          to: user.email,
          userId: user.id,
          ...existingAccountMail(
            user.name,
            pageLink(env.appUrl, "/auth", languageOf(user)),
            pageLink(env.appUrl, "/auth?mode=reset", languageOf(user)),
            languageOf(user),
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The link proves the mailbox; it signs in only the browser that signed up (verification-links.server.ts,
      // issue 38 finding 8), in the tab it opens; the tab that waits on "Check your email" notices and moves on.
      autoSignInAfterVerification: false,
      expiresIn: LINK_LIFETIME_S,
      sendVerificationEmail: async ({ user, url }) =>
        send(
          { kind: "verification", to: user.email, userId: user.id, ...verificationMail(user.name, url, languageOf(user)) },
          { notBefore: await verificationSendTime(db) },
        ),
      afterEmailVerification: async (user, request) => {
        await notice({
          kind: "email-verified",
          to: user.email,
          userId: user.id,
          ...emailVerifiedMail(user.name, pageLink(env.appUrl, "/auth", languageOf(user)), languageOf(user)),
        });
        await analytics?.record("email-verified", visitorOf(request?.headers));
      },
    },
    user: {
      // The language its mails are written in (issue 20): the sign-up page's, changeable on the profile.
      // Better Auth's migration adds the column; every hook's `user` carries it.
      additionalFields: {
        language: { type: "string", required: false, defaultValue: DEFAULT_LOCALE, input: true },
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: LINK_LIFETIME_S,
        sendDeleteAccountVerification: async ({ user, url }) =>
          send({ kind: "delete-account", to: user.email, userId: user.id, ...deleteAccountMail(user.name, url, languageOf(user)) }),
      },
    },
    databaseHooks: {
      user: {
        create: {
          // One name rule for the form, the API and Google/GitHub (shared/lib/person-name.ts): a typed name
          // that is too long is refused, a provider's is cut; none at all is the address's local part.
          before: async (user, context) => {
            // Google or GitHub vouch for the address, or no account is made (issue 38).
            refuseUnverifiedProviderUser(user, context?.path);
            const name = cleanName(typeof user.name === "string" ? user.name : "");
            if (name.length > NAME_MAX_LENGTH && context?.path === "/sign-up/email") {
              throw new APIError("BAD_REQUEST", { message: NAME_TOO_LONG, code: "NAME_TOO_LONG" });
            }
            const language = asLocale((user as { language?: unknown }).language);
            return { data: { ...user, name: name.slice(0, NAME_MAX_LENGTH).trim() || nameFromEmail(user.email), language } };
          },
          after: async (user, context) => {
            await createProfile(db, user.id, { verificationSent: context?.path === "/sign-up/email" });
            // By password, Google or GitHub alike: a new account is a sign-up.
            await analytics?.record("signed-up", visitorOf(context?.headers));
          },
        },
        // A user's cached sessions carry the user (name, verification, two-factor): they go with every change.
        update: { after: async (user) => void (user?.id && sessionCache.evictUser(user.id)) },
        delete: {
          before: async (user) => {
            // Erased means erased: no sent copy of the account's mails, nor of the mails about its messages
            // (replies, autoreplies, notifications), stays behind; read before the messages go by cascade.
            // (Its address's place on the launch waitlist is a consent of its own: ADR 0028.) A copy that
            // cannot be deleted now goes with the other sent mails within 7 days: never a reason to refuse.
            if (!outbox || !user?.id) return;
            try {
              const messages = await db.selectFrom("form_message").select("id").where("user_id", "=", user.id).execute();
              await outbox.forgetAccountMail(
                user.id,
                messages.map((m) => m.id),
              );
            } catch (error) {
              log?.warn({ err: error }, "the deleted account's sent mails are left to the outbox's own expiry");
            }
          },
          after: async (user, context) => {
            if (!user?.id) return;
            sessionCache.evictUser(user.id);
            // An account never verified was never its owner's (a replaced sign-up): nobody to tell.
            if (!user.emailVerified) return;
            // Whichever way it went (password and typed name, or the emailed link), with the device it came from.
            await notice({
              kind: "account-deleted",
              to: user.email,
              userId: user.id,
              ...accountDeletedMail(user.name, new Date(), deviceIn(context?.headers, languageOf(user)), languageOf(user)),
            });
          },
        },
      },
      account: {
        // Google's and GitHub's tokens are not kept (issue 38, finding 16): the app never calls either
        // provider after sign-in, and a stored token is one more secret to lose.
        update: { before: async (account) => ({ data: withoutProviderTokens(account) }) },
        create: {
          before: async (account, context) => {
            // To an account with two-factor on, only past its code (two-factor.server.ts).
            if (account.providerId !== "credential") await refuseConnectingBeforeTheCode(db, account.userId, context);
            return { data: withoutProviderTokens(account) };
          },
          // Google or GitHub connected to an account that already signs in another way: its owner hears of it.
          after: async (account, context) => {
            if (account.providerId === "credential") return;
            const others = await db.selectFrom("account").select("id").where("userId", "=", account.userId).where("id", "!=", account.id).execute();
            const user = others.length
              ? await db.selectFrom("user").select(["email", "name", "language"]).where("id", "=", account.userId).executeTakeFirst()
              : undefined;
            if (!user) return;
            await notice({
              kind: "connection-changed",
              to: user.email,
              userId: account.userId,
              ...connectionChangedMail(
                user.name,
                providerName(account.providerId),
                true,
                new Date(),
                deviceIn(context?.headers, languageOf(user)),
                pageLink(env.appUrl, "/profile/security", languageOf(user)),
                languageOf(user),
              ),
            });
          },
        },
      },
      verification: {
        // "Trust this device": the browser it was made in, for the security page's list.
        create: { after: async (row, context) => noteTrustedBrowser(db, row, context?.headers) },
      },
      session: {
        create: {
          before: async (session, context) => {
            // An account an operator stopped (/admin/accounts) gets no session, whichever way it signs in.
            const profile = await db.selectFrom("profile").select("sign_in_disabled_at").where("user_id", "=", session.userId).executeTakeFirst();
            if (profile?.sign_in_disabled_at) throw new APIError("FORBIDDEN", { message: authWords.messages.signInDisabled, code: "SIGN_IN_DISABLED" });
            // An address nobody proved holds no session, so nothing can be added to it (issue 38).
            await refuseUnverifiedSession(db, session.userId);
            // Nor for a password sign-in that checked a password set again since (password-sign-in-start.server.ts).
            await refuseSessionFromOldPassword(db, context, session.userId);
            // The absolute lifetime of a session without "Remember this device" (session-lifetime.server.ts).
            // A verification link signs in for the short lifetime: nobody ticked "Remember this device".
            const lifetime = sessionLifetime.shorten(session, env.sessionLifetime, Date.now(), context?.path === "/verify-email");
            // A session replacing the request's own (its endpoint read one) keeps that one's end.
            return { data: sessionLifetime.noLongerThan(lifetime, context?.context.session?.session) };
          },
          // Sign-in bookkeeping is sign-in-events.server.ts (only for a sign-in that completes: not a
          // session two-factor replaces with a challenge, not a password change's fresh session).
          // Announced to TOKEN_SYNC_URL only if it stays to the end of the request (token-sync-events.server.ts).
          after: async (session, context) => noteCreatedSession(context, session.id),
        },
        // A session that ends or changes is forgotten by the session cache, here and on every instance.
        update: { after: async (session) => void (session?.token && sessionCache.evictToken(session.token)) },
        delete: { after: async (session) => void (session?.token && sessionEnded(session)) },
      },
    },
    plugins: [
      genericOAuth({ config: socialProviders(env, db, log) }),
      // Its after hook turns a password sign-in into a challenge; ours does the same for Google and GitHub.
      twoFactorPlugin(),
      twoFactorEverywhere({ db, appUrl: env.appUrl, limiter, outbox, log }),
      ...accountRules({ db, limiter, outbox, log, appUrl: env.appUrl, linkLifetimeS: LINK_LIFETIME_S }),
      passwordSignInStart(),
      // After the limits: a refused attempt has already counted.
      passwordPolicy({ minLength: env.minPasswordLength, breach: { url: env.pwnedPasswordsUrl, log: log ?? { warn: () => {} } } }),
      // A sign-up's name and language as a new account takes them, so that a taken address answers alike.
      signUpFields(),
      // After the limits and the password and name rules: a refused sign-up replaces nothing.
      unverifiedAddresses({ db, log, minPasswordLength: env.minPasswordLength }),
      reauthentication({ db, limiter, windowS: env.reauthWindowS, log }),
      trustedBrowserRevocation({ db, log }),
      passkeys({ db, appUrl: env.appUrl, limiter, outbox, log }),
      connectedAccounts({ db, appUrl: env.appUrl, outbox, log }),
      // After everything that can still turn a sign-in into a challenge: it sees only sessions that stay.
      signInEvents({ db, appUrl: env.appUrl, outbox, log }),
      // At most MAX_SESSIONS_PER_ACCOUNT, so that ending them all reaches every one; a session that expired by
      // itself is only forgotten (active-sessions.server.ts).
      sessionCap({ db, log, onEnded: (ended) => (ended.expired ? sessionCache.evictToken(ended.token) : sessionEnded(ended)) }),
      tokenSyncAnnouncements(tokenSync),
      sessionCaching(sessionCache),
      // Last: the hooks above read the token from the answers this one strips it from.
      tokenlessSessions(),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
