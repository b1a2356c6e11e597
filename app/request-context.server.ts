/**
 * The request context: what every loader and action of a request shares,
 * built once by the root middleware (root.tsx) before any of them runs.
 *
 *   services   the process's services (composition root), opened on first use
 *   clientIp   the client's address (TRUST_PROXY-aware, client-address.server.ts), for rate limits
 *   viewer     the signed-in, verified visitor, resolved lazily and at most
 *              once per request; a request without a session cookie never
 *              touches the database (prerendering at build time included)
 *
 * Routes ask for what they need: `getViewer()`, `requireViewer()` (a page
 * redirects to /auth, the API answers 401) and `requireOwner(id)` (403 for
 * anyone else's id). After the route, the middleware marks every answer that
 * depended on a session `Cache-Control: private, no-store`.
 */
import { createContext, data, type MiddlewareFunction, redirectDocument, type RouterContextProvider } from "react-router";
import { env } from "~/config/env.server";
import { clearFlashCookie, FLASH_COOKIE, flashCookie, hasFlashCookie, readFlash } from "~/infra/http/flash.server";
import { hasSessionCookie } from "~/infra/http/session-cookie";
import type { Flash } from "~/shared/lib/flash";
import { lookupFailed } from "~/infra/http/viewer-lookup.server";
import { isOperator } from "~/features/admin/operators.server";
import { withClientIp } from "~/features/auth/client-ip";
import { resolveClientAddress } from "~/infra/http/client-address.server";
import { requestInfoContext } from "~/infra/request-context";
import { allowedOrigins, isForeignWrite } from "~/infra/security/origin-check.server";
import type { Viewer } from "~/shared/lib/viewer";
import type { CachedSession } from "~/features/auth/session-cache.server";
import { type Services, services } from "./services.server";
import { localeOfPath, localizedPath } from "~/shared/i18n/locale";
import { errorPageWords } from "~/shared/i18n/messages.server";

export interface RequestContext {
  request: Request;
  services(): Promise<Services>;
  clientIp(): string;
  /** The request's headers with our client-IP header: what every `auth.api.*` call gets. */
  authHeaders(): Headers;
  viewer(): Promise<Viewer | null>;
  /** The viewer's session as this request's one read found it (null without a verified viewer). */
  session(): Promise<CachedSession | null>;
  /** The flash message this request carries, read once by the root loader; its cookie is then cleared. */
  takeFlash(): Flash | null;
  /** The Set-Cookie header that shows `flash` on the page a redirect leads to. */
  flashHeader(flash: Flash): string;
}

const requestContext = createContext<RequestContext>();

/** The Formspree-compatible form endpoint, which checks origins itself. */
export const FORMSPREE_PATH = /^\/f\/[^/]+\/?$/;

type Context = Readonly<RouterContextProvider>;

export function appContext(context: Context): RequestContext {
  return context.get(requestContext);
}

/**
 * The one session read of a request: Better Auth's, which fills the session
 * cache. Identical cookies read at the same moment (a browser's parallel
 * requests, or every request at once when an entry ages out under load)
 * share one read.
 */
async function readSession(cookie: string, headers?: Headers): Promise<CachedSession | null> {
  const { auth, sessionCache } = await services();
  return sessionCache.lookup(cookie) ?? sessionCache.reads.run(cookie, () => auth.api.getSession({ headers: headers ?? new Headers({ cookie }) }));
}

/** Who is signed in, with the session they are signed in with; only a verified email makes a viewer. */
async function resolveSession(request: Request): Promise<CachedSession | null> {
  const cookie = request.headers.get("cookie");
  if (!hasSessionCookie(cookie)) return null;
  const { tokenSync } = await services();
  // A lookup that fails is "we cannot tell", never "signed out" (viewer-lookup.server.ts): a 503, not a 401 or /auth.
  const session = await readSession(cookie!, request.headers).catch(lookupFailed);
  if (!session?.user.emailVerified) return null;
  // An active session's synced token is renewed at most every 5 minutes (a map
  // lookup otherwise; nothing at all without TOKEN_SYNC_URL). Never awaited.
  tokenSync?.refresh({ id: session.session.id, userId: session.user.id, createdAt: session.session.createdAt }, session.user.email);
  return session;
}

const viewerOf = (session: CachedSession | null): Viewer | null =>
  session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null;

function markPrivate(response: Response): Response {
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "private, no-store");
    return copy;
  }
}

/** Builds the request context, then refuses cross-origin writes (contract), then runs the route. */
export const requestContextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const info = context.get(requestInfoContext);
  let session: Promise<CachedSession | null> | undefined;
  // Read once per request, except where an action runs: its loaders then run in the same request
  // (a form posted without JavaScript) and must see what the action changed (a confirmation, a
  // new name), so each read there asks the session cache again, which the change evicted.
  const reads = request.method === "GET" || request.method === "HEAD";
  const sessionOnce = () => (reads ? (session ??= resolveSession(request)) : (session = resolveSession(request)));
  let ip: string | undefined;
  const clientIp = () => (ip ??= resolveClientAddress(info.socketAddress, request.headers.get("x-forwarded-for"), env().trustProxy));
  // Lazily: prerendering at build time has no production configuration to read.
  const secure = () => env().appUrl.startsWith("https:");
  let flashTaken = false;
  context.set(requestContext, {
    request,
    services,
    clientIp,
    authHeaders: () => withClientIp(request.headers, clientIp()),
    viewer: () => sessionOnce().then(viewerOf),
    session: sessionOnce,
    takeFlash: () => {
      const cookie = request.headers.get("cookie");
      if (!hasFlashCookie(cookie)) return null;
      flashTaken = true;
      return readFlash(cookie, env().authSecret);
    },
    flashHeader: (flash) => flashCookie(env().authSecret, flash, secure()),
  });

  const method = request.method.toUpperCase();
  // `/f/:form` judges the origin per form (its allowed sites): formspree.server.ts.
  if (
    method !== "GET" &&
    method !== "HEAD" &&
    !FORMSPREE_PATH.test(new URL(request.url).pathname) &&
    isForeignWrite(request, allowedOrigins(env().appOrigin))
  ) {
    throw data({ ...errorPageWords(request), success: false, message: "Cross-origin request refused." }, { status: 403 });
  }

  const sessionDependent = (response: Response) =>
    session !== undefined || hasSessionCookie(request.headers.get("cookie")) || response.headers.has("set-cookie");
  let response = await next();
  // Shown: the flash is spent (unless this answer sets a new one, for the page it redirects to).
  if (flashTaken && !response.headers.getSetCookie().some((c) => c.startsWith(`${FLASH_COOKIE}=`))) {
    response = withHeader(response, "Set-Cookie", clearFlashCookie(secure()));
  }
  if (sessionDependent(response)) response = markPrivate(response);
  return response;
};

/** `response` with one more header (a response React Router made may have immutable headers). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.append(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.append(name, value);
    return copy;
  }
}

export function getViewer(context: Context): Promise<Viewer | null> {
  return appContext(context).viewer();
}

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** The viewer, or: a page redirects to /auth (and back here after sign-in), the API answers 401. */
export async function requireViewer(context: Context): Promise<Viewer> {
  const { request, viewer } = appContext(context);
  const found = await viewer();
  if (found) return found;
  if (isApiRequest(request)) throw data({ success: false, message: "Sign in to use this API." }, { status: 401 });
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  // The sign-in page in the language of the page asked for (/hi/profile → /hi/auth), as a document load
  // even from a hydrated page's navigation: it runs its own script, not React Router (ADR 0045).
  throw redirectDocument(localizedPath(back === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`, localeOfPath(url.pathname)));
}

/** The viewer, if `id` is theirs; anyone else's id is a 403. */
export async function requireOwner(context: Context, id: string | undefined): Promise<Viewer> {
  const viewer = await requireViewer(context);
  if (id !== viewer.id) throw data({ success: false, message: "You can only access your own record." }, { status: 403 });
  return viewer;
}

/** The signed-in viewer with whether they are an operator (the user menu's console link), or null. */
export async function viewerWithRole(context: Context): Promise<Viewer | null> {
  const app = appContext(context);
  const found = await app.viewer();
  if (!found) return null;
  const { database, env: config } = await app.services();
  return { ...found, operator: await isOperator(database.db, config.operatorEmails, found) };
}

/**
 * The viewer, if they are an operator (operators.server.ts); everyone else,
 * signed in or not, gets the not-found page: /admin does not exist for them.
 */
export async function requireOperator(context: Context): Promise<Viewer> {
  const app = appContext(context);
  const found = await app.viewer();
  if (found) {
    const { database, env: config } = await app.services();
    if (await isOperator(database.db, config.operatorEmails, found)) return found;
  }
  throw new Response(null, { status: 404, statusText: "Not Found" });
}
