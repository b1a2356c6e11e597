import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/** The spec's overlay after every client-side route change. */
export const ROUTE_OVERLAY_MS = 1400;

/**
 * On every client-side route change: scroll to the top and show the loading
 * overlay for 1.4 s (longer if the next page's data is still loading).
 * The first render (the server's page) shows no overlay.
 */
export function RouteChangeOverlay() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // Decided during render, not in an effect, so that the overlay does not
  // drop out for a frame between "loading" and "arrived".
  const [shown, setShown] = useState({ pathname, holding: false });
  if (shown.pathname !== pathname) setShown({ pathname, holding: true });

  useEffect(() => {
    if (!shown.holding) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    const timer = window.setTimeout(() => setShown((s) => ({ ...s, holding: false })), ROUTE_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const loadingElsewhere = navigation.state === "loading" && navigation.location.pathname !== pathname;
  const visible = shown.holding || loadingElsewhere;
  if (!visible) return null;

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
        <span className="text-sm font-medium text-ink-700">Loading…</span>
      </div>
    </div>
  );
}
