import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, RouterContextProvider, ServerRouter } from "react-router";
import { analyticsReporterChunk } from "~/infra/html/client-chunks.server";
import type { HydrationHandle, IntentOptions } from "~/infra/html/hydrate-on-intent.server";
import { lowPriorityPreloads } from "~/infra/html/low-priority-preloads.server";
import { routePatternOf } from "~/features/analytics/client-context";
import { CHAT_BUTTON_DELAY_MS } from "~/features/chat-widget/delay";
import { CHAT_BUTTON_SIZE, CHAT_MARGIN, CHAT_POSITION_KEY } from "~/features/chat-widget/position";
import { isDependencyFailure, markUnavailable, unavailableDocument } from "~/infra/http/dependency-failure.server";
import { oauthFormTargets } from "~/config/oauth-origins.server";
import { contentSecurityPolicy } from "~/infra/security/csp";
import { type RequestInfo, requestInfoContext } from "~/infra/request-context";
import { logger } from "~/infra/logger.server";
import { NonceProvider } from "~/shared/lib/nonce";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES } from "~/shared/i18n/language-choice";
import { LOCALES } from "~/shared/i18n/locale";
import { type Encoding, type Replay, replay as replayFromCache, type ReplayRequest } from "./replay-cache.server";
import { PROBES, type ProbeAnswer } from "./probes.server";
import { services, startedServices } from "./services.server";
import { FORMSPREE_PATH, readSession } from "./request-context.server";
import { preflight as formPreflight } from "~/features/forms/formspree.server";

// The production server (server/) is compiled into the build through this entry
// module: server/start.mjs imports the build and calls serve(), so the server and
// the routes share one module graph (one configuration, one database pool).
export { shutdown, startup } from "~/services.server";
export { serve } from "../server/serve";

/** The edge's question before React Router: a remembered answer for this signed-in request? */
export function replay(request: ReplayRequest): Replay | undefined | Promise<Replay | undefined> {
  const s = startedServices();
  // The services as they are (no copy: a spread of them per request was a tenth of a replay's CPU).
  return s ? replayFromCache(s, request, readSession) : undefined;
}

/** The edge keeps an answer the request context marked as replayable, as it was sent. */
export function remember(marker: string, encoding: Encoding, status: number, headers: Array<[string, string]>, body: Buffer, html?: string): void {
  startedServices()?.replayCache.remember(marker, encoding, status, headers, body, html);
}

/** /api/health and /api/ready, answered by the edge without React Router (probes.server.ts). */
export function probe(pathname: string): Promise<ProbeAnswer> | undefined {
  // Asked of every request the edge does not serve from memory: two comparisons, not a keyed lookup of an arbitrary path.
  const check = pathname === "/api/health" || pathname === "/api/ready" ? PROBES[pathname] : undefined;
  return check?.(services);
}

/** A CORS preflight for `/f/:form` (formspree.server.ts): the origins that form allows. */
export function preflight(pathname: string, origin: string | undefined) {
  const key = FORMSPREE_PATH.exec(pathname) ? pathname.split("/")[2] : undefined;
  if (!key) return undefined;
  return services().then((s) => formPreflight(s, key, origin ?? null));
}

/** Builds the router context for a request; called by the production server. */
export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

export const streamTimeout = 5_000;

/**
 * A page rendered for nobody in particular (no signed-in viewer, no message to
 * show once) waits for the visitor's first move before fetching its scripts
 * (infra/html/hydrate-on-intent.server.ts, ADR 0005); a signed-in page, one
 * with a flash, the operator console and a route whose handle says
 * `hydrateAtOnce` hydrate right after the first paint.
 */
function hydrateOnIntent(context: EntryContext): IntentOptions | undefined {
  const { loaderData, matches } = context.staticHandlerContext;
  const root = loaderData.root as { viewer?: unknown; flash?: unknown } | undefined;
  if (!root || root.viewer || root.flash) return undefined;
  const atOnce = matches.some((match) => {
    const wanted = (context.routeModules[match.route.id]?.handle as HydrationHandle | undefined)?.hydrateAtOnce;
    return typeof wanted === "function" ? wanted(loaderData[match.route.id]) : wanted === true;
  });
  if (atOnce) return undefined;
  const routeId = matches[matches.length - 1]?.route.id;
  const route = routeId ? routePatternOf(routeId, context.manifest.routes) : null;
  const chat = { delayMs: CHAT_BUTTON_DELAY_MS, positionKey: CHAT_POSITION_KEY, size: CHAT_BUTTON_SIZE, margin: CHAT_MARGIN };
  const language = { cookie: LANGUAGE_COOKIE, attributes: LANGUAGE_COOKIE_ATTRIBUTES, locales: LOCALES };
  return { pageView: analyticsReporterChunk && route ? { reporter: analyticsReporterChunk, route } : undefined, chat, language };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The page's data failed because a dependency did: the site's 503 page instead (rendered again by React Router).
  const unavailable = unavailableDocument(responseStatusCode, routerContext.staticHandlerContext.errors);
  if (unavailable) throw unavailable;
  if (responseStatusCode === 503) markUnavailable(responseHeaders);

  const nonce = randomBytes(16).toString("base64");
  if (!import.meta.env.DEV) {
    // (Not while prerendering at build time: no configuration is read there, and no page it makes posts to a provider.)
    const started = startedServices();
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], started ? oauthFormTargets(started.env) : []));
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; browsers get the shell streamed. A page prerendered at
    // build time (React Router's prerender sends its header; no services are started then) is whole too: nothing is then written to reveal a part streamed
    // later (React's ~1 KB of `$RC` script), and the Hindi home keeps within a new connection's first flight.
    const prerendering = request.headers.has("X-React-Router-Prerender-Data") || (!import.meta.env.DEV && !startedServices());
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || prerendering ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(lowPriorityPreloads(hydrateOnIntent(routerContext)))), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (the visitor navigated away) are not errors; dependency failures are logged by the edge, once.
  if (request.signal.aborted || isDependencyFailure(error)) return;
  logger().error({ err: error, url: request.url, method: request.method }, "unhandled route error");
};
