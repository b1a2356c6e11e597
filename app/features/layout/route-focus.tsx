import { useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new
 * page's heading (or main) and the page title is announced, as a full page
 * load would do for a screen reader. Without it, focus stays on the link
 * that was clicked, somewhere in a page that is no longer there.
 *
 * A change of the query alone (a filter, `/auth?mode=…`) keeps focus where
 * the visitor is working, unless the control that had it went away with the
 * old view (sign-up done → "Check your email"): then the heading takes it.
 * A layout effect, so it happens before the new view is painted: focus is
 * never seen on <body>.
 */
export function RouteFocus() {
  const { pathname, key } = useLocation();
  const last = useRef<{ key: string; pathname: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useLayoutEffect(() => {
    const previous = last.current;
    last.current = { key, pathname };
    if (!previous || previous.key === key) return;
    const main = document.getElementById("main");
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (previous.pathname === pathname && !lost) return;
    // A page that already placed focus inside itself (a form's first field) keeps it.
    if (!lost && main && active !== main && main.contains(active)) return;
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    if (previous.pathname !== pathname) setAnnouncement(document.title);
  }, [key, pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
