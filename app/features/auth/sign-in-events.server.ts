/**
 * What happens once a sign-in has completed, whichever way it went: a
 * password, Google or GitHub, a two-factor code or backup code after either,
 * or a passkey.
 *
 *   - the spec's bookkeeping: `login_count` + 1 and `last_login` (section 4)
 *   - a "new sign-in" mail when the browser has not signed in to this account
 *     before (the signed known-device cookie: no IP is stored), with the device
 *     and a link to the security page; not for the account's very first
 *     sign-in, which is the device that made it
 *   - the known-device cookie, remembering this account on this browser
 *   - the flash message of the page it leads to: "Welcome back, NAME!" (or,
 *     for the verification link that signs a new account in, "Your email is
 *     verified")
 *
 * An after hook registered after every plugin that can still turn a sign-in
 * into a challenge (two-factor, two-factor-everywhere), so `newSession` is
 * only there for a session that stays: a password that leads on to a code
 * counts once, when the code is accepted.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { recordLogin } from "~/infra/db/profile-rows.server";
import { setFlashCookie } from "~/infra/http/flash.server";
import type { Database } from "~/infra/db/schema";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { newSignInMail } from "./mails";
import { describeDevice } from "~/shared/lib/device";
import { type HookContext, isKnownDevice, rememberDevice } from "./known-device.server";
import { TWO_FACTOR_COOKIE } from "./two-factor.server";
import { languageOfAccount, pageLink } from "./mail-language";
import { signInKind } from "./public-endpoints";
import { messagesFor } from "~/shared/i18n/messages.server";

export interface SignInEventsDeps {
  db: Kysely<Database>;
  appUrl: string;
  outbox?: MailOutbox;
  log?: Logger;
}

/** A code checked against a sign-in's challenge, not a signed-in owner's setup or re-check. */
async function answersChallenge(ctx: HookContext): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  return Boolean(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
}

/**
 * An account in its first hour is still being set up by the person who made it,
 * on whichever devices they have at hand (the verification link, which signs in,
 * opened on the phone; the site on the laptop): a "new sign-in" notice then would
 * only be noise to that same person. ADR 0025.
 */
const SETTING_UP_MS = 60 * 60 * 1000;
function settingUp(createdAt: Date | string | undefined): boolean {
  if (!createdAt) return false;
  return Date.now() - new Date(createdAt).getTime() < SETTING_UP_MS;
}

export function signInEvents({ db, appUrl, outbox, log }: SignInEventsDeps) {
  return {
    id: "sign-in-events",
    hooks: {
      after: [
        {
          // Every way in public-endpoints.ts lists, so that a new one cannot skip the notice.
          matcher: (ctx) => signInKind(ctx.path) !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made) return;
            if (ctx.path.startsWith("/two-factor/") && !(await answersChallenge(ctx))) return;
            const { user } = made;
            const before = await db.selectFrom("profile").select("login_count").where("user_id", "=", user.id).executeTakeFirst();
            await recordLogin(db, user.id);
            if (!(await isKnownDevice(ctx, user.email)) && (before?.login_count ?? 0) > 0 && !settingUp(user.createdAt) && outbox) {
              const language = await languageOfAccount(db, user);
              const device = describeDevice(ctx.headers?.get("user-agent") ?? "", messagesFor(language).shell.device);
              // A notice: worth sending, never worth failing the sign-in it reports.
              await outbox
                .enqueue({
                  kind: "new-sign-in",
                  to: user.email,
                  userId: user.id,
                  ...newSignInMail(user.name, device, new Date(), pageLink(appUrl, "/profile/security", language), language),
                })
                .catch((error: unknown) => log?.error({ err: error }, "new sign-in notice not queued"));
            }
            await rememberDevice(ctx, user.email);
            // The page the sign-in leads to greets the person (shared/lib/flash.ts), with or without JavaScript.
            setFlashCookie(
              ctx,
              ctx.context.secret,
              { kind: ctx.path === "/verify-email" ? "email-verified" : "signed-in", name: user.name },
              appUrl.startsWith("https:"),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
