import { useLocation } from "react-router";
import { cn } from "~/shared/lib/cn";
import { LANGUAGE_PARAM } from "~/shared/i18n/language-choice";
import { basePath, hasTwin, LANGUAGE_NAME, localeOfPath, localizedPath, type Locale } from "~/shared/i18n/locale";

/**
 * Where the switch leads: this page in the other language (with its query:
 * `?mode=signup`) where there is a twin, else the other language's home. The
 * English home, the one answer that reads the remembered choice, is asked for
 * as `/?lang=en`: the edge remembers the choice in the redirect to "/", so the
 * next request carries it whatever the page's script managed (ADR 0054).
 */
export function switchTarget(pathname: string, search: string): { to: string; other: Locale } {
  const other = localeOfPath(pathname) === "en" ? "hi" : "en";
  const base = basePath(pathname);
  const to = hasTwin(base) ? localizedPath(`${base}${search}`, other) : localizedPath("/", other);
  const url = new URL(to, "http://home");
  if (other === "hi" || url.pathname !== "/") return { to, other };
  url.searchParams.set(LANGUAGE_PARAM, "en");
  return { to: `${url.pathname}${url.search}${url.hash}`, other };
}

/**
 * The link to this page in the other language (header and footer). The
 * label is the language's own name in its own script, marked with its `lang`;
 * on an English page "हिन्दी" is drawn in the system's font, so English pages
 * never fetch the Devanagari web font for one word (app.css `.native-script`).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const { to, other } = switchTarget(pathname, search);
  return (
    // A press remembers the choice (the boot script sets the cookie: app/client/boot.ts), on every page.
    <a href={to} hrefLang={other} lang={other} className={cn(other === "hi" && "native-script", className)}>
      {LANGUAGE_NAME[other]}
    </a>
  );
}
