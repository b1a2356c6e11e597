/**
 * The password policy (password-policy.server.ts) as a Better Auth plugin: a
 * before-hook on every endpoint that takes a new password, so that the API,
 * the pages' route actions and the security page are held to it alike.
 * A refusal is a 400 with the reason's code and message, which the forms show
 * beside the password field.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { type BreachCheck, refuseNewPassword } from "./password-policy.server";

/** Endpoints that act for the signed-in user: without a session, Better Auth's own 401 answers first. */
const NEEDS_SESSION = new Set(["/change-password", "/set-password"]);

/** Endpoint → the body field holding the new password. */
const NEW_PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

export function passwordPolicy({ minLength, breach }: { minLength: number; breach: BreachCheck }) {
  return {
    id: "password-policy",
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.path && ctx.path in NEW_PASSWORD_FIELD),
          handler: createAuthMiddleware(async (ctx) => {
            const field = NEW_PASSWORD_FIELD[ctx.path ?? ""];
            const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
            // Missing, too short or too long: Better Auth's own checks answer in their words.
            if (typeof password !== "string" || password.length < minLength || password.length > 128) return;
            // Nobody signed in: no policy answer, and no breach lookup on a stranger's behalf.
            if (NEEDS_SESSION.has(ctx.path ?? "") && !(await getSessionFromCtx(ctx).catch(() => null))) return;
            const refused = await refuseNewPassword(password, breach);
            if (refused) throw new APIError("BAD_REQUEST", { code: refused.code, message: refused.message });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
