import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "route-scroll";
/** Where the visitor was on each history entry (React Router's location key → scrollY). */
const positions = new Map<string, number>();

/**
 * The spec's "on every route change the page scrolls to the top", except Back
 * and Forward (POP), which return to where the visitor was on that page, as a
 * site of plain pages would. A change of the query alone (a filter, a form's
 * mode) keeps the place. Mounted once in SiteShell.
 *
 * The browser's own restoration is turned off while the app navigates (it would
 * scroll the old page at `popstate`, before the new one is rendered) and back on
 * when the page is left, so a reload still lands where it was.
 */
export function RouteScroll() {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);
  const last = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    try {
      for (const [key, y] of JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as [string, number][]) positions.set(key, y);
    } catch {
      // storage unavailable or unreadable: start with nothing remembered
    }
    const manual = () => (history.scrollRestoration = "manual");
    const onScroll = () => positions.set(current.current, window.scrollY);
    const onHide = () => {
      history.scrollRestoration = "auto";
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
      } catch {
        // storage unavailable: Back after a reload starts at the top
      }
    };
    manual();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", manual);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", manual);
    };
  }, []);

  // Before paint: the new page is never seen at the old page's scroll position.
  useLayoutEffect(() => {
    const previous = last.current;
    last.current = { key: location.key, pathname: location.pathname };
    current.current = location.key;
    if (!previous || previous.key === location.key) return;
    if (type === "POP") {
      window.scrollTo({ top: positions.get(location.key) ?? 0, left: 0, behavior: "instant" });
      return;
    }
    if (previous.pathname === location.pathname) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location.key, location.pathname, location.hash, type]);

  return null;
}
