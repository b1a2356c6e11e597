import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// The brand typeface (Inter, variable weight 400–900, Latin), the same file app.css's @font-face names (npm run fonts cuts it).
import brandFont from "./shared/fonts/inter-latin-site-wght-normal.woff2?url";
// Devanagari, for Hindi pages only (app.css's @font-face names the same file; npm run fonts cuts it).
import devanagariFont from "./shared/fonts/noto-devanagari-site-wght-normal.woff2?url";
import { bootScript } from "~/client/boot";
import { pageScriptUrl } from "~/client/page-script-url.server";
import { site } from "~/config/site";
import { PageViewReporter } from "~/features/analytics/page-view-reporter";
import { routePattern } from "~/features/analytics/client-context";
import { cacheUser, clearCachedUser } from "~/features/auth";
import { ChatWidget } from "~/features/chat-widget/chat-widget";
import { NotFoundView } from "~/features/layout/not-found-view";
import { RefusedView } from "~/features/layout/refused-view";
import { UnavailableView } from "~/features/layout/unavailable-view";
import { ErrorReference } from "~/features/layout/error-reference";
import { NO_OVERLAY_PREFIX, ROUTE_OVERLAY_MS, ROUTE_OVERLAY_STORAGE_KEY, RouteOverlay, useRouteOverlay } from "~/features/layout/route-overlay";
import { SiteShell } from "~/features/layout/site-shell";
import { appContext, requestContextMiddleware, viewerWithRole } from "~/request-context.server";
import { useNonce } from "~/shared/lib/nonce";
import { publicOrigin, statusPageUrl } from "~/shared/lib/seo.server";
import type { Viewer } from "~/shared/lib/viewer";
import { AppToaster } from "~/shared/lib/toasts";
import { THEME_CHANGE_EVENT, THEME_INPUT_NAME, THEME_STORAGE_KEY } from "~/shared/lib/theme";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES } from "~/shared/i18n/language-choice";
import { errors as errorsEn } from "~/shared/i18n/catalog/errors";
import { localeOfPath, LOCALES } from "~/shared/i18n/locale";
import { type LoaderMessages, type Messages, MessagesScope, useMessages } from "~/shared/i18n/messages";
import { messagesFor, shellMessages } from "~/shared/i18n/messages.server";
import { flashText } from "~/shared/lib/flash";
import { wantsHydration } from "~/shared/lib/page-handle";
import { IDEMPOTENCY_FIELD } from "~/shared/lib/idempotency";
import { useLocale } from "~/shared/i18n/use-locale";

/** The inline boot script (app/client/boot.ts): the same bytes on every page, so prerendered pages keep one CSP hash. */
const BOOT_SCRIPT = bootScript({
  theme: { storageKey: THEME_STORAGE_KEY, inputName: THEME_INPUT_NAME, changeEvent: THEME_CHANGE_EVENT },
  language: { cookie: LANGUAGE_COOKIE, attributes: LANGUAGE_COOKIE_ATTRIBUTES, locales: LOCALES },
  overlay: { ms: ROUTE_OVERLAY_MS, storageKey: ROUTE_OVERLAY_STORAGE_KEY, skipPrefix: NO_OVERLAY_PREFIX },
  idempotencyField: IDEMPOTENCY_FIELD,
});

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The request context (services, client IP, the viewer) and the origin check, before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [requestContextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  // /auth/complete only hands over (a popup that closes, or a redirect): the flash is for the page after it.
  const { pathname } = new URL(request.url);
  const handOver = pathname.startsWith("/auth/complete");
  // The Hindi words of the shell travel as data, on Hindi pages only (docs/decisions/0032-hindi.md).
  const locale = localeOfPath(pathname);
  const i18n = shellMessages(locale);
  // A flash goes with its words in the page's language, so no page carries every message's words.
  const flash = handOver ? null : appContext(context).takeFlash();
  const shown = flash ? { ...flash, text: flashText(flash, messagesFor(locale).flash) } : null;
  return { viewer: await viewerWithRole(context), origin: publicOrigin(), statusUrl: statusPageUrl(), flash: shown, i18n, pageScript: pageScriptUrl };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useLocale();
  const matches = useMatches();
  const words = useMessages("errors", errorsEn);
  const t = wordsCarriedBy(useRouteError())?.errors ?? words;
  // From the root loader (its name is the server's to know); absent only when that loader failed (the 503 page).
  const pageScript = useRouteLoaderData<typeof loader>("root")?.pageScript;
  // Only a page whose route asks for it runs React Router in the browser (shared/lib/page-handle.ts, ADR 0035).
  const hydrate = wantsHydration(matches);
  const last = matches[matches.length - 1];
  return (
    // suppressHydrationWarning: the boot script sets data-theme / data-js on <html> before React sees it.
    <html
      lang={locale}
      suppressHydrationWarning
      // What the page script reads: the route's pattern for the landing view, the spec's words for a window error.
      data-route={last ? routePattern(last.pathname, last.params) : undefined}
      data-analytics={import.meta.env.PROD ? "" : undefined}
      data-error-notice={t.errorLoadingPage}
      data-dev-tools-guard={site.devToolsGuard ? t.devTools : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in <head>, before the stylesheet: the remembered theme is on <html> before anything is drawn. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#4c1d95" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1e1b2e" />
        {/*
          The only render-blocking request. With a precedence, React emits it
          first in <head>, ahead of the module preloads that compete with it.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        {/* Fetched at once, not when the stylesheet is parsed: text is drawn in it from the first paint on a fast line. */}
        <link rel="preload" href={brandFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        {locale === "hi" && <link rel="preload" href={devanagariFont} as="font" type="font/woff2" crossOrigin="anonymous" />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate && <Scripts nonce={nonce} />}
        {pageScript && <script type="module" src={pageScript} nonce={nonce} />}
      </body>
    </html>
  );
}

/** What a hydrated page adds in the browser: the overlay on its own navigations, toasts, page views, the cached user. */
function HydratedBehaviour({ viewer }: { viewer: Viewer | null | undefined }) {
  useRouteOverlay();
  useCachedViewer(viewer);
  useEffect(() => {
    // The boot script leaves presses to React Router from now on; tests (and the bench) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <AppToaster />
      <PageViewReporter />
    </>
  );
}

/** The spec caches the signed-in user locally under `user`; signed out, nothing is cached. */
function useCachedViewer(viewer: Viewer | null | undefined) {
  const id = viewer?.id;
  useEffect(() => {
    if (viewer === undefined) return;
    if (!viewer) {
      clearCachedUser();
      return;
    }
    // The profile page caches the whole record; keep it when it is this viewer's.
    try {
      const cached = JSON.parse(localStorage.getItem("user") ?? "null") as { id?: string } | null;
      if (cached?.id === viewer.id) return;
    } catch {
      // unreadable cache: replace it
    }
    cacheUser(viewer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user
  }, [id]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The operator console is its own app (its layout, navigation and notices): no marketing header or footer.
  const inConsole = useMatches().some((match) => match.id === "routes/admin");
  return (
    <>
      {/* First in the body: a page arriving from a press shows it from its first paint, before its content is parsed. */}
      <RouteOverlay />
      <SiteShell user={loaderData.viewer} statusUrl={loaderData.statusUrl} flash={loaderData.flash} bare={inConsole}>
        <Outlet />
      </SiteShell>
      {!inConsole && <ChatWidget />}
      <HydratedBehaviour viewer={loaderData.viewer} />
    </>
  );
}

/**
 * The shell's words that an answer thrown before the root loader ran brings
 * itself on a Hindi page (errorPageWords): the request context's 403 and a
 * dependency's 503 only, so no other error can set the page's words.
 */
function wordsCarriedBy(error: unknown): Partial<Messages> | null {
  if (!isRouteErrorResponse(error) || (error.status !== 403 && error.status !== 503)) return null;
  return (error.data as LoaderMessages | null)?.i18n ?? null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <MessagesScope value={wordsCarriedBy(error)}>
      <ErrorPage error={error} />
    </MessagesScope>
  );
}

function ErrorPage({ error }: { error: unknown }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A dependency (the database) did not answer: issue 23's 503 page, and no account controls (who is signed in is unknown).
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // Refused (a post from another site, someone else's record): not a fault to try again after.
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const t = useMessages("errors", errorsEn);
  const title = notFound ? t.notFoundPageTitle : unavailable ? t.unavailableTitle : refused ? t.refusedTitle : t.somethingWrongTitle;
  return (
    <>
      <title>{`${title} | ${site.productName}`}</title>
      <meta name="robots" content="noindex" />
      <RouteOverlay />
      <SiteShell user={rootData?.viewer ?? null} accountUnknown={unavailable && !rootData} statusUrl={rootData?.statusUrl ?? null}>
        {notFound ? (
          <NotFoundView />
        ) : unavailable ? (
          <UnavailableView />
        ) : refused ? (
          <RefusedView />
        ) : (
          <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
            <h1 className="text-3xl font-bold">{t.somethingWrong}</h1>
            <p className="mt-4 text-ink-600">{t.somethingWrongText}</p>
            <ErrorReference />
          </div>
        )}
      </SiteShell>
      <ChatWidget />
      <HydratedBehaviour viewer={undefined} />
    </>
  );
}
