import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, RouterContextProvider, ServerRouter } from "react-router";
import { isDependencyFailure, markUnavailable, unavailableDocument } from "~/infra/http/dependency-failure.server";
import { oauthFormTargets } from "~/config/oauth-origins.server";
import { contentSecurityPolicy } from "~/infra/security/csp";
import { type RequestInfo, requestInfoContext } from "~/infra/request-context";
import { logger } from "~/infra/logger.server";
import { errorPageWords } from "~/shared/i18n/messages.server";
import { NonceProvider } from "~/shared/lib/nonce";
import { RequestIdProvider } from "~/shared/lib/request-id";
import { PROBES, type ProbeAnswer } from "./probes.server";
import { services, shutdown, startedServices, startup } from "./services.server";
import type { AppPort } from "../server/app-port";
import { FORMSPREE_PATH } from "./request-context.server";
import { preflight as formPreflight } from "~/features/forms/formspree.server";

// The production server (server/) is compiled into the build through this entry
// module: server/start.mjs imports the build and calls serve(), so the server and
// the routes share one module graph (one configuration, one database pool).
export { shutdown, startup } from "~/services.server";
export { serve } from "../server/serve";

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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The page's data failed because a dependency did: the site's 503 page instead (rendered again by React Router).
  const unavailable = unavailableDocument(responseStatusCode, routerContext.staticHandlerContext.errors, () => errorPageWords(request));
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
    // Every page is sent whole (React's onAllReady): no page here streams a part later (no deferred
    // data), and a body that arrives whole is compressed in one call, off the event loop, and sent with
    // its length (server/compress.ts), where a stream is compressed chunk by chunk with flushes.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.get(requestInfoContext).requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
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
            new Response(createReadableStreamFromReadable(body), {
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

// The edge's port (server/app-port.ts): this module's own exports, checked against it here.
void ({ startup, shutdown, createLoadContext, probe, preflight } satisfies AppPort);
