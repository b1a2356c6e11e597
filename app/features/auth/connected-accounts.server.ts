/**
 * Connected accounts (issue 19): the ways an account signs in (a password,
 * Google, GitHub) as the security page lists them, and the notices when one is
 * connected or disconnected.
 *
 * Connecting is Better Auth's `/link-social` (the provider's consent, then its
 * callback adds the account); disconnecting is its `/unlink-account`, which
 * refuses to remove the last way to sign in. Both need a fresh session
 * (reauthentication.server.ts). A connection made any way (a link from the
 * security page, or a Google sign-in that Better Auth linked to the account of
 * the same verified address) is announced by mail from the account hook in
 * auth.server.ts; a disconnection from here.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { connectionChangedMail } from "./mails";
import { PROVIDER_NAMES, type ProviderId } from "./messages";
import { deviceIn, languageOfAccount, pageLink } from "./mail-language";
import { messagesFor } from "~/shared/i18n/messages.server";

export interface SignInMethod {
  /** "credential" (email and password), "google" or "github". */
  provider: "credential" | ProviderId;
  /** Better Auth's account id (what /unlink-account takes); absent: not connected. */
  accountId: string | null;
  connectedAt: string | null;
}

export function providerName(provider: string): string {
  return provider === "credential" ? "Email and password" : (PROVIDER_NAMES[provider as ProviderId] ?? provider);
}

/** Every way `userId` can sign in, with what is connected; passkeys are listed on their own. */
export async function signInMethods(db: Kysely<Database>, userId: string): Promise<SignInMethod[]> {
  const rows = await db.selectFrom("account").select(["id", "providerId", "password", "createdAt"]).where("userId", "=", userId).execute();
  const of = (provider: SignInMethod["provider"]) => {
    const row = rows.find((r) => r.providerId === provider && (provider !== "credential" || r.password));
    return { provider, accountId: row?.id ?? null, connectedAt: row ? new Date(row.createdAt).toISOString() : null };
  };
  return [of("credential"), of("google"), of("github")];
}

const UNLINKED = Symbol("unlinked-provider");
type WithUnlinked = { [UNLINKED]?: { provider: string; user: { id: string; email: string; name: string } } };

export function connectedAccounts({ db, appUrl, outbox, log }: { db: Kysely<Database>; appUrl: string; outbox?: MailOutbox; log?: Logger }) {
  return {
    id: "connected-accounts",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/unlink-account",
          handler: createAuthMiddleware(async (ctx) => {
            const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
            if (typeof accountId !== "string") return;
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const row = await db
              .selectFrom("account")
              .select("providerId")
              .where("id", "=", accountId)
              .where("userId", "=", session.user.id)
              .executeTakeFirst();
            if (row)
              (ctx.context as WithUnlinked)[UNLINKED] = {
                provider: row.providerId,
                user: { id: session.user.id, email: session.user.email, name: session.user.name },
              };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/unlink-account",
          handler: createAuthMiddleware(async (ctx) => {
            const unlinked = (ctx.context as WithUnlinked)[UNLINKED];
            if (!unlinked || isAPIError(ctx.context.returned) || !outbox) return;
            const { provider, user } = unlinked;
            const language = await languageOfAccount(db, user).catch(() => "en" as const);
            const device = deviceIn(ctx.headers, language) ?? messagesFor(language).shell.device.unknown;
            await outbox
              .enqueue({
                kind: "connection-changed",
                to: user.email,
                userId: user.id,
                ...connectionChangedMail(
                  user.name,
                  providerName(provider),
                  false,
                  new Date(),
                  device,
                  pageLink(appUrl, "/profile/security", language),
                  language,
                ),
              })
              .catch((error: unknown) => log?.error({ err: error }, "disconnection notice not queued"));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Whether the account has a password of its own (a credential account with a
 * password hash): what the profile's deletion and the security page ask. One
 * indexed read, where Better Auth's adapter would read the whole account row.
 */
export async function hasPassword(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
