/**
 * Better Auth's HTTP handler, with its router built once.
 *
 * `auth.handler` in better-auth 1.7.25 rebuilds every endpoint wrapper and a
 * whole router for each request (upstream issue #10188; the fix, PR #10287,
 * is not in a release yet): in a CPU profile of /api/auth/get-session that was
 * a third of the time. This builds the same router, with the same options
 * and middleware (origin check, disabled paths, plugin onRequest/onResponse),
 * from the same context, once per auth instance, and dispatches to it the way
 * `auth.handler` does. Only the static-baseURL case (ours: APP_URL) is handled;
 * remove this when Better Auth caches its router itself.
 */
import { runWithAdapter } from "@better-auth/core/context";
import type { BetterAuthOptions } from "better-auth";
import { router } from "better-auth/api";
import type { Auth } from "./auth.server";

export type AuthHandler = (request: Request) => Promise<Response>;

export function createAuthHandler(auth: Auth): AuthHandler {
  let built: Promise<AuthHandler> | undefined;
  const build = async (): Promise<AuthHandler> => {
    const ctx = await auth.$context;
    // Per-request origins or providers (functions of the request) need auth.handler's per-request router.
    const options: BetterAuthOptions = ctx.options;
    const perRequest =
      typeof options.baseURL !== "string" ||
      typeof options.trustedOrigins === "function" ||
      typeof options.account?.accountLinking?.trustedProviders === "function";
    if (perRequest) return auth.handler;
    // What auth.handler does per request for a static baseURL: a copy of the context…
    const handlerCtx = Object.create(Object.getPrototypeOf(ctx), Object.getOwnPropertyDescriptors(ctx)) as Parameters<typeof router>[0];
    // …and its router, here made once.
    const { handler } = router(handlerCtx, auth.options);
    return async (request) => await runWithAdapter(handlerCtx.adapter, () => handler(request));
  };
  return async (request) => (await (built ??= build()))(request);
}
