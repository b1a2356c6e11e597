import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// The brand typeface (Inter, variable weight 400–900, Latin), the same file app.css's @font-face names (npm run fonts cuts it).
import brandFont from "./shared/fonts/inter-latin-site-wght-normal.woff2?url";
// Devanagari, for Hindi pages only (app.css's @font-face names the same file; npm run fonts cuts it).
import devanagariFont from "./shared/fonts/noto-devanagari-site-wght-normal.woff2?url";
import { site } from "~/config/site";
import { ChatButtonStub } from "~/features/chat-widget/chat-button-stub";
import { NotFoundView } from "~/features/layout/not-found-view";
import { UnavailableView } from "~/features/layout/unavailable-view";
import { RouteChangeOverlay } from "~/features/layout/route-change-overlay";
import { SiteShell } from "~/features/layout/site-shell";
import { WindowErrorNotice } from "~/features/layout/window-error-notice";
import { appContext, requestContextMiddleware, viewerWithRole } from "~/request-context.server";
import { useNonce } from "~/shared/lib/nonce";
import { publicOrigin, statusPageUrl } from "~/shared/lib/seo.server";
import type { Viewer } from "~/shared/lib/viewer";
import { AppToaster } from "~/shared/lib/toasts";
import { THEME_BOOT_SCRIPT } from "~/shared/lib/theme";
import { errors as errorsEn } from "~/shared/i18n/catalog/errors";
import { localeOfPath } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { messagesFor, shellMessages } from "~/shared/i18n/messages.server";
import { flashText } from "~/shared/lib/flash";
import { useLocale } from "~/shared/i18n/use-locale";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { islandsHydrated, preloadIslands } from "~/shared/ui/island";
import { whenIdle } from "~/shared/lib/when-idle";
import { useIslandLinks } from "~/features/layout/island-links";

// Not needed to read or use the page: right after hydration (docs/decisions/0005-initial-javascript-budget.md).
const DeferredBehaviour = lazy(() => import("./root-deferred"));

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
  return { viewer: await viewerWithRole(context), origin: publicOrigin(), statusUrl: statusPageUrl(), flash: shown, i18n };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useLocale();
  return (
    // suppressHydrationWarning: the theme script below sets data-theme / data-js on <html> before React sees it.
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in <head>, before the stylesheet: the remembered theme is on <html> before anything is drawn. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
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
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function GlobalBehaviour({ viewer }: { viewer: Viewer | null | undefined }) {
  const hydrated = useHydrated();
  // Links in static islands navigate in place, as <Link>s do (shared/ui/island.tsx).
  useIslandLinks();
  useEffect(() => {
    // Islands mounted from now on are drawn by the browser, not taken from the server's page;
    // their modules come when the browser is idle, so a navigation rarely waits for one.
    islandsHydrated();
    whenIdle(() => {
      void preloadIslands();
      // The home page's blocks are an island of a route every page links to (the logo): theirs too, with
      // their words in this page's language (they are not in the home page's data: marketing/home-copy.ts).
      void import("~/features/marketing/home-sections").then(({ preloadHomeCopy }) => preloadHomeCopy(localeOfPath(location.pathname)), () => {});
    });
    // Lets tests (and scripts, and the bench) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    // A visit counts once per browser session, whichever page it starts on. Loaded after hydration, out of
    // every page's initial JavaScript; the profile page counts it itself (idempotently) for its own first paint.
    void import("~/features/profile/local-stats").then(({ browserSession, countVisit }) => {
      try {
        countVisit(localStorage, browserSession);
      } catch {
        // storage unavailable (private mode, blocked): no visit count
      }
    });
  }, []);
  return (
    <>
      {/* Here from the start: the first tap after hydration starts the overlay. */}
      <RouteChangeOverlay />
      <AppToaster />
      <WindowErrorNotice />
      {hydrated && (
        <Suspense fallback={null}>
          <DeferredBehaviour viewer={viewer} />
        </Suspense>
      )}
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The operator console is its own app (its layout, navigation and notices): no marketing header or footer.
  const inConsole = useMatches().some((match) => match.id === "routes/admin");
  return (
    <>
      <SiteShell user={loaderData.viewer} statusUrl={loaderData.statusUrl} flash={loaderData.flash} bare={inConsole}>
        <Outlet />
      </SiteShell>
      {!inConsole && <ChatButtonStub />}
      <GlobalBehaviour viewer={loaderData.viewer} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A dependency (the database) did not answer: issue 23's 503 page, and no account controls (who is signed in is unknown).
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const t = useMessages("errors", errorsEn);
  const title = notFound ? t.notFoundPageTitle : unavailable ? t.unavailableTitle : t.somethingWrongTitle;
  return (
    <>
      <title>{`${title} | ${site.productName}`}</title>
      <meta name="robots" content="noindex" />
      <SiteShell user={rootData?.viewer ?? null} accountUnknown={unavailable && !rootData} statusUrl={rootData?.statusUrl ?? null}>
        {notFound ? (
          <NotFoundView />
        ) : unavailable ? (
          <UnavailableView />
        ) : (
          <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
            <h1 className="text-3xl font-bold">{t.somethingWrong}</h1>
            <p className="mt-4 text-ink-600">{t.somethingWrongText}</p>
          </div>
        )}
      </SiteShell>
      <ChatButtonStub />
      <GlobalBehaviour viewer={undefined} />
    </>
  );
}
