import { useEffect } from "react";
import { useNavigate } from "react-router";
import { rememberLanguage } from "~/shared/i18n/language-choice";
import { type Locale, LOCALES } from "~/shared/i18n/locale";

/**
 * What a <Link> does, for the plain anchors of static islands
 * (shared/ui/island.tsx), whose markup React leaves alone: a click on a link
 * to this site becomes a client-side navigation (with the spec's overlay),
 * and a link to the page in another language remembers that choice (as the
 * language switch's own handler does). Clicks React or the platform should
 * handle are left to them: another button or a modifier key (a new tab), a
 * target or download, another origin, a link to a place on this page.
 */
export function useIslandLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !link.closest("[data-island]")) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      const to = `${link.pathname}${link.search}${link.hash}`;
      const here = `${window.location.pathname}${window.location.search}`;
      if (link.hash && `${link.pathname}${link.search}` === here) return;
      event.preventDefault();
      if ((LOCALES as readonly string[]).includes(link.hreflang)) rememberLanguage(link.hreflang as Locale);
      // A link inside an open dialog (the side menu) closes it, as the menu's own links do.
      link.closest("dialog")?.close();
      // As <Link>: the same address again replaces the entry instead of adding one.
      void navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
