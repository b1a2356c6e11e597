import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { preloadRouteModules } from "./route-preload";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

/** The spec's overlay after every client-side route change. */
export const ROUTE_OVERLAY_MS = 1400;

/** The operator console is a working tool: no overlay ever covers it, coming or going. */
export function overlayFor(pathname: string): boolean {
  return !/^\/admin(\/|$)/.test(pathname);
}

/** When the last click (or Enter on a link) happened: a navigation that starts right after began there. */
let lastClickAt = Number.NEGATIVE_INFINITY;
const noteClick = (event: Event) => (lastClickAt = event.timeStamp);

interface Change {
  from: string;
  to: string;
}

/**
 * The spec's loading overlay, overlapping the navigation instead of following
 * it: it appears the moment a client-side navigation to another page starts
 * (the click), and goes once the new page is on screen and 1.4 s have passed
 * since that moment. On a slow line the wait and the loading run side by side,
 * so a tap costs max(load, 1.4 s), not load + 1.4 s
 * (docs/decisions/0019-slow-phone.md). The first render (the server's page)
 * shows none, and nothing to, from or inside the operator console shows one.
 */
export function RouteChangeOverlay() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const heading = navigation.state === "loading" && navigation.location.pathname !== pathname ? navigation.location.pathname : null;
  const [change, setChange] = useState<Change | null>(null);
  const [shownFor, setShownFor] = useState(pathname);
  // performance.now() when the visitor asked for the other page (the commit right after the click).
  const startedAt = useRef<number | null>(null);

  // Decided during render, not in an effect: the overlay comes in the same commit as the navigation's start.
  if (heading !== null && change === null) setChange({ from: pathname, to: heading });
  // A redirect while loading changes the destination, not the start.
  else if (heading !== null && change !== null && change.to !== heading) setChange({ ...change, to: heading });
  if (shownFor !== pathname) {
    setShownFor(pathname);
    // A navigation with nothing to load never showed a loading state: its 1.4 s start now.
    if (change === null) setChange({ from: shownFor, to: pathname });
  }

  useEffect(() => {
    window.addEventListener("click", noteClick, { capture: true });
    return () => window.removeEventListener("click", noteClick, { capture: true });
  }, []);

  useEffect(() => {
    if (!change) return;
    // The 1.4 s count from the click, not from this effect (a slow phone takes a while to get here).
    const now = performance.now();
    startedAt.current ??= now - lastClickAt < 500 ? lastClickAt : now;
    if (heading !== null) preloadRouteModules(heading);
  }, [change, heading]);

  const arrived = change !== null && heading === null;
  useEffect(() => {
    if (!arrived) return;
    const left = (startedAt.current ?? performance.now()) + ROUTE_OVERLAY_MS - performance.now();
    const timer = window.setTimeout(
      () => {
        startedAt.current = null;
        setChange(null);
      },
      Math.max(0, left),
    );
    return () => window.clearTimeout(timer);
  }, [arrived]);

  if (!change || !overlayFor(change.from) || !overlayFor(change.to)) return null;
  return <Overlay />;
}

/** The spec's loading overlay: a spinner and "Loading…" in the page's language. */
function Overlay() {
  const t = useMessages("shell", shell);
  return (
    <div
      data-testid="route-overlay"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/85 backdrop-blur-sm animate-fade-in"
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
