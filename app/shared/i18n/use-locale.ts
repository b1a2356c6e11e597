import { useLocation } from "react-router";
import { type Locale, localeOfPath, localizedPath } from "./locale";

/** The language of the page being shown, from its path (the same on the server, in the prerender and in the browser). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns an English path into this page's language ("/pricing" → "/hi/pricing" on a Hindi page). */
export function useLocalize(): (to: string) => string {
  const locale = useLocale();
  return (to) => localizedPath(to, locale);
}
