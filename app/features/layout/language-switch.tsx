import { useLocation } from "react-router";
import { cn } from "~/shared/lib/cn";
import { basePath, hasTwin, LANGUAGE_NAME, localeOfPath, localizedPath } from "~/shared/i18n/locale";

/**
 * The link to this page in the other language (header and footer). It keeps
 * the page (and its query) where it has a twin, else leads to the other
 * language's home. The
 * label is the language's own name in its own script, marked with its `lang`;
 * on an English page "हिन्दी" is drawn in the system's font, so English pages
 * never fetch the Devanagari web font for one word (app.css `.native-script`).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const locale = localeOfPath(pathname);
  const other = locale === "en" ? "hi" : "en";
  const base = basePath(pathname);
  // The same page and view (`?mode=signup`) where there is a twin; else the other language's home.
  const to = hasTwin(base) ? localizedPath(`${base}${search}`, other) : localizedPath("/", other);
  return (
    // A press remembers the choice (the boot script sets the cookie: app/client/boot.ts), on every page.
    <a href={to} hrefLang={other} lang={other} className={cn(other === "hi" && "native-script", className)}>
      {LANGUAGE_NAME[other]}
    </a>
  );
}
