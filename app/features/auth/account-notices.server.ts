/**
 * What an account's owner is told, and where they land, around its security
 * changes, as a Better Auth plugin:
 *
 *   - a password change: every other device is signed out, whatever the
 *     client asked (the page and the mail say so; Better Auth would keep
 *     them unless the body says `revokeOtherSessions`), and the "your
 *     password was changed" notice goes by mail (a reset's is sent by
 *     auth.server.ts's onPasswordReset)
 *   - the link in the account-deletion mail works only in the browser where
 *     its owner is signed in; a failure lands on the profile page, not on
 *     JSON, and a success on a page that says the account is gone
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Logger } from "pino";
import { setFlashCookie } from "~/infra/http/flash.server";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { passwordChangedMail } from "./mails";
import { localeOfPath, localizedPath } from "~/shared/i18n/locale";
import { deviceIn, languageOf, pageLink } from "./mail-language";

export interface AccountNoticesDeps {
  outbox?: MailOutbox;
  log?: Logger;
  appUrl: string;
}

export function accountNotices({ outbox, log, appUrl }: AccountNoticesDeps) {
  return {
    id: "account-notices",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as unknown;
            if (!body || typeof body !== "object" || Array.isArray(body)) return;
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }),
        },
        {
          // The link in the account-deletion mail: it only works where its owner is signed in.
          matcher: (ctx) => ctx.path === "/delete-user/callback",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) throw ctx.redirect(`${appUrl}/auth?error=DELETE_SIGN_IN`);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: string; email?: string; name?: string; language?: string } } | undefined;
            if (isAPIError(returned) || !returned?.user?.email || !outbox) return;
            const language = languageOf(returned.user);
            // A security notice: its failure must not turn a done change into an error.
            await outbox
              .enqueue({
                kind: "password-changed",
                to: returned.user.email,
                userId: returned.user.id ?? null,
                ...passwordChangedMail(
                  returned.user.name ?? "",
                  new Date(),
                  pageLink(appUrl, "/auth?mode=reset", language),
                  deviceIn(ctx.headers, language),
                  language,
                ),
              })
              .catch((error: unknown) => log?.error({ err: error }, "password-changed notice not queued"));
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/delete-user/callback",
          handler: createAuthMiddleware(async (ctx) => {
            // Success is itself a redirect (an APIError with a 302): only a real failure lands on the error page.
            const returned = ctx.context.returned;
            if (isAPIError(returned) && returned.statusCode >= 400) {
              // Back to the profile in the language the link was made in (its callback names the page).
              const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
              throw ctx.redirect(`${appUrl}${localizedPath("/profile?error=DELETE_LINK", localeOfPath(callback))}`);
            }
            // Deleted: the page it leads to says so (shared/lib/flash.ts).
            setFlashCookie(ctx, ctx.context.secret, { kind: "account-deleted" }, appUrl.startsWith("https:"));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
