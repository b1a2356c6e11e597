import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

/** The spec's overlay after every route change. */
export const ROUTE_OVERLAY_MS = 1400;
/** Where a press that leaves the page tells the next page when its overlay ends (boot.ts). */
export const ROUTE_OVERLAY_STORAGE_KEY = "route-overlay-until";
/** The operator console is a working tool: no overlay ever covers it, coming or going. */
export const NO_OVERLAY_PREFIX = "/admin";

/**
 * The spec's loading overlay: a spinner and "Loading…" in the page's
 * language, in every page's markup and shown by CSS while <html> carries
 * `data-navigating` (app.css). The boot script sets it on a press on a link
 * to another page and keeps it on the next page until 1.4 s after the press
 * (app/client/boot.ts); on a hydrated page `useRouteOverlay` does the same for
 * React Router's own navigations.
 */
export function RouteOverlay() {
  const t = useMessages("shell", shell);
  return (
    <div
      data-route-overlay=""
      data-testid="route-overlay"
      className="fixed inset-0 z-[60] items-center justify-center bg-white/85 backdrop-blur-sm animate-fade-in"
    >
      <div role="status" className="flex flex-col items-center gap-4">
        <span className="relative flex size-14 items-center justify-center" aria-hidden="true">
          <span className="absolute inset-0 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
          <span className="size-3 rounded-full bg-saffron-400" />
        </span>
        <span className="text-sm font-medium text-ink-700">{t.loading}</span>
      </div>
    </div>
  );
}

const overlaid = (pathname: string) => !pathname.startsWith(NO_OVERLAY_PREFIX);

/**
 * On a hydrated page: the overlay for each client-side navigation to another
 * page, from its start (the loading state, in the commit after the press)
 * until the new page is on screen and 1.4 s have passed since the start. On a
 * slow line the wait and the loading run side by side (ADR 0019). The boot
 * script has put it up at the press already ("pressed"); setting it here takes
 * it over, so that it stays while the navigation lasts.
 */
export function useRouteOverlay(): void {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const startedAt = useRef<number | null>(null);
  const shownFor = useRef(pathname);
  const heading = navigation.state === "loading" && navigation.location.pathname !== pathname ? navigation.location.pathname : null;

  useEffect(() => {
    if (heading === null || startedAt.current !== null) return;
    if (!overlaid(pathname) || !overlaid(heading)) return;
    startedAt.current = performance.now();
    document.documentElement.dataset.navigating = "";
  }, [heading, pathname]);

  useEffect(() => {
    if (shownFor.current === pathname) return;
    const from = shownFor.current;
    shownFor.current = pathname;
    // A navigation with nothing to load never showed a loading state: its 1.4 s start now.
    if (startedAt.current === null) {
      if (!overlaid(from) || !overlaid(pathname)) return;
      startedAt.current = performance.now();
      document.documentElement.dataset.navigating = "";
    }
    const left = startedAt.current + ROUTE_OVERLAY_MS - performance.now();
    const timer = window.setTimeout(
      () => {
        startedAt.current = null;
        delete document.documentElement.dataset.navigating;
      },
      Math.max(0, left),
    );
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
