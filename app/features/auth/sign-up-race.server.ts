/**
 * Two sign-ups for one new address at once, as a Better Auth plugin: both
 * found no account, and one insert lost to the unique index. The loser
 * answers as a sign-up for a taken address does (Better Auth's look-alike,
 * the owner told by mail), not 422 "Failed to create user", which would say
 * an account was just made: the answer must not tell who has an account.
 *
 * Registered before the verification flow (verification-flow.server.ts),
 * whose sign-up hook then sees the look-alike, as after any taken address.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { asLocale } from "~/shared/i18n/locale";
import { clientText } from "~/shared/lib/client-text";
import { normalizeEmail } from "./request-address";

export function signUpRace() {
  return {
    id: "sign-up-race",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || (returned.body as { code?: string } | undefined)?.code !== "FAILED_TO_CREATE_USER") return;
            const body = ctx.body as Record<string, unknown> | undefined;
            const email = normalizeEmail(body?.email);
            const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
            if (!existing) return;
            const onExisting = ctx.context.options.emailAndPassword?.onExistingUserSignUp;
            if (onExisting) await onExisting({ user: existing.user }, ctx.request);
            const now = new Date();
            // The fields a new account answers with (the body as sign-up-fields.server.ts settled it).
            const user = {
              id: ctx.context.generateId({ model: "user" }) || crypto.randomUUID(),
              name: clientText(body?.name),
              email,
              emailVerified: false,
              image: typeof body?.image === "string" ? body.image : null,
              createdAt: now,
              updatedAt: now,
              language: asLocale(body?.language),
            };
            // Over HTTP, a Response of its own: an after hook cannot change the failed endpoint's 422 otherwise
            // (its cookies still join it). To our own server-side calls, the object, as a sign-up answers.
            if (!ctx.request) return ctx.json({ token: null, user });
            return new Response(JSON.stringify({ token: null, user }), { status: 200, headers: { "Content-Type": "application/json" } });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
