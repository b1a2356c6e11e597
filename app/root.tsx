import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useNavigate, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// The brand typeface (Inter, variable weight, Latin subset), the same file app.css's @font-face names.
import brandFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { site } from "~/config/site";
import { PageViewReporter } from "~/features/analytics/page-view-reporter";
import { cacheUser, clearCachedUser } from "~/features/auth";
import { AUTH_MESSAGES } from "~/features/auth/messages";
import { ChatWidgetLoader } from "~/features/chat-widget/chat-widget-loader";
import { NotFoundView } from "~/features/layout/not-found-view";
import { RouteChangeOverlay } from "~/features/layout/route-change-overlay";
import { SiteShell } from "~/features/layout/site-shell";
import { WindowErrorNotice } from "~/features/layout/window-error-notice";
import { clearLocalStats, countVisit } from "~/features/profile";
import { PROFILE_MESSAGES } from "~/features/profile/messages";
import { getViewer, requestContextMiddleware } from "~/request-context.server";
import { useNonce } from "~/shared/lib/nonce";
import { publicOrigin } from "~/shared/lib/seo.server";
import { notify } from "~/shared/lib/toasts";
import type { Viewer } from "~/shared/lib/viewer";
import { AppToaster } from "~/shared/lib/toasts";

// Off by default (docs/decisions/0006-developer-tools-guard.md), so not in every page's JavaScript.
const DevToolsGuard = lazy(() => import("~/features/layout/dev-tools-guard"));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The request context (services, client IP, the viewer) and the origin check, before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [requestContextMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  return { viewer: await getViewer(context), origin: publicOrigin() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4c1d95" />
        {/*
          The only render-blocking request. With a precedence, React emits it
          first in <head>, ahead of the module preloads that compete with it.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        {/* Fetched at once, not when the stylesheet is parsed: text is drawn in it from the first paint on a fast line. */}
        <link rel="preload" href={brandFont} as="font" type="font/woff2" crossOrigin="anonymous" />
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

/**
 * What a redirect asks the next page to say: signed out (`?signed-out=1`) or
 * account deleted (`?deleted=1`, which also forgets this browser's stats).
 * Then the address loses the flag.
 */
function UrlNotices() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const signedOut = params.get("signed-out") === "1";
    const deleted = params.get("deleted") === "1";
    if (!signedOut && !deleted) return;
    clearCachedUser();
    if (deleted) {
      try {
        clearLocalStats(localStorage, sessionStorage);
      } catch {
        // storage unavailable: nothing was kept
      }
      notify.success(PROFILE_MESSAGES.deleted, { id: "profile-delete" });
    } else notify.success(AUTH_MESSAGES.signedOut, { id: "sign-out" });
    params.delete("signed-out");
    params.delete("deleted");
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ""}`, { replace: true, preventScrollReset: true });
  }, [pathname, search, navigate]);
  return null;
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

function GlobalBehaviour({ viewer }: { viewer: Viewer | null | undefined }) {
  useCachedViewer(viewer);
  useEffect(() => {
    // Lets tests (and scripts) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    try {
      countVisit(localStorage, sessionStorage);
    } catch {
      // storage unavailable (private mode, blocked): no visit count
    }
  }, []);
  return (
    <>
      <UrlNotices />
      <RouteChangeOverlay />
      <AppToaster />
      <WindowErrorNotice />
      <ChatWidgetLoader />
      <PageViewReporter />
      {site.devToolsGuard && (
        <Suspense fallback={null}>
          <DevToolsGuard />
        </Suspense>
      )}
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteShell user={loaderData.viewer}>
        <Outlet />
      </SiteShell>
      <GlobalBehaviour viewer={loaderData.viewer} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>{notFound ? `Page not found | ${site.productName}` : `Something went wrong | ${site.productName}`}</title>
      <meta name="robots" content="noindex" />
      <SiteShell user={rootData?.viewer ?? null}>
        {notFound ? (
          <NotFoundView />
        ) : (
          <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
            <h1 className="text-3xl font-bold">Something went wrong.</h1>
            <p className="mt-4 text-ink-600">
              Please try again in a moment. If it keeps happening, tell us through the contact page.
            </p>
          </div>
        )}
      </SiteShell>
      <GlobalBehaviour viewer={undefined} />
    </>
  );
}
