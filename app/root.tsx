import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { env } from "~/config/env.server";
import { site } from "~/config/site";
import { getSessionUser } from "~/features/auth/session.server";
import { ChatWidgetLoader } from "~/features/chat-widget/chat-widget-loader";
import { countVisit } from "~/features/profile/local-stats";
import { NotFoundView } from "~/features/layout/not-found-view";
import { RouteChangeOverlay } from "~/features/layout/route-change-overlay";
import { SiteShell } from "~/features/layout/site-shell";
import { WindowErrorNotice } from "~/features/layout/window-error-notice";
import { allowedOrigins, isForeignWrite, isWrite } from "~/infra/security/origin-check.server";
import { useNonce } from "~/shared/lib/nonce";
import { publicOrigin } from "~/shared/lib/seo.server";
import { AppToaster } from "~/shared/lib/toasts";

// Off by default (docs/decisions/0006-developer-tools-guard.md), so not in every page's JavaScript.
const DevToolsGuard = lazy(() => import("~/features/layout/dev-tools-guard"));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** Refuses cross-origin writes before any action or API handler runs. */
const originGuard: Route.MiddlewareFunction = async ({ request }) => {
  if (isWrite(request) && isForeignWrite(request, allowedOrigins(env().appOrigin))) {
    throw data({ success: false, message: "Cross-origin request refused." }, { status: 403 });
  }
};

export const middleware: Route.MiddlewareFunction[] = [originGuard];

export async function loader({ request }: Route.LoaderArgs) {
  return { user: await getSessionUser(request), origin: publicOrigin() };
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

function GlobalBehaviour() {
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
      <RouteChangeOverlay />
      <AppToaster />
      <WindowErrorNotice />
      <ChatWidgetLoader />
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
      <SiteShell user={loaderData.user}>
        <Outlet />
      </SiteShell>
      <GlobalBehaviour />
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
      <SiteShell user={rootData?.user ?? null}>
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
      <GlobalBehaviour />
    </>
  );
}
