/**
 * A sign-up's name and language, settled before Better Auth reads them, as a
 * plugin. For a taken address Better Auth answers with a look-alike built
 * from the request as sent, while a new account goes through our user hook,
 * which cleans the name, fills in a missing one and checks the language: a
 * name of 101 characters, an empty one or a language of "zz" answered one
 * way for an address with an account and another for one without, which
 * told anyone who has an account. Settled here, both answers are built from
 * the same fields: the same status, the same words, the same user.
 *
 * The user hook (auth.server.ts) keeps the same rule for Google and GitHub,
 * whose names arrive from the provider, not from a request body.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { asLocale } from "~/shared/i18n/locale";
import { cleanName, NAME_MAX_LENGTH, NAME_TOO_LONG, nameFromEmail } from "~/shared/lib/person-name";

/** The fields a sign-up's body will be taken with; it throws NAME_TOO_LONG, as a new account's would. */
export function settledSignUpFields(body: Record<string, unknown>): { name?: string; language: string } {
  const language = asLocale(body.language);
  // Not a string: Better Auth's own check of the body refuses it, for every address alike.
  if (typeof body.name !== "string") return { language };
  const name = cleanName(body.name);
  if (name.length > NAME_MAX_LENGTH) throw new APIError("BAD_REQUEST", { message: NAME_TOO_LONG, code: "NAME_TOO_LONG" });
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  return { name: name || nameFromEmail(email), language };
}

export function signUpFields() {
  return {
    id: "sign-up-fields",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as unknown;
            if (!body || typeof body !== "object" || Array.isArray(body)) return;
            return { context: { body: { ...body, ...settledSignUpFields(body as Record<string, unknown>) } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
