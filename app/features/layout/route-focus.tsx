import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new
 * page's heading (or main) and the page title is announced, as a full page
 * load would do for a screen reader. Without it, focus stays on the link
 * that was clicked, somewhere in a page that is no longer there.
 *
 * Only a new path counts: a filter or search that changes the query keeps
 * focus where the visitor is working.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      // A page that already placed focus inside itself (a form's first field) keeps it.
      const main = document.getElementById("main");
      if (main && main !== document.activeElement && main.contains(document.activeElement)) return;
      const target = main?.querySelector<HTMLElement>("h1") ?? main;
      if (!target) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
