/**
 * A date on the account pages in the page's language: English pages draw
 * shared/ui/local-date.tsx as before ("21 January 2025 at 14:05"); Hindi pages
 * the same date through Intl in hi-IN ("21 जनवरी 2025 को 14:05 बजे", a 24-hour
 * clock: hi-IN's 12-hour one says "am"/"pm" in Latin letters). Like LocalDate,
 * the server renders it in UTC and, once hydrated, the visitor's own zone.
 */
import { INTL_LOCALE } from "~/shared/i18n/locale";
import { useLocale } from "~/shared/i18n/use-locale";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { LocalDate } from "~/shared/ui/local-date";

interface AccountDateProps {
  iso: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime}|${timeZone ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(INTL_LOCALE.hi, {
      day: "numeric",
      month: "long",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

/** The Hindi rendering of a date (exported for tests and for text that is not a node). */
export function hindiDate(iso: string, withTime = false, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(withTime, timeZone).format(date);
}

export function AccountDate({ iso, withTime = false, fallback = "—" }: AccountDateProps) {
  const locale = useLocale();
  const local = useHydrated();
  if (locale === "en") return <LocalDate iso={iso} withTime={withTime} fallback={fallback} />;
  if (!iso) return <>{fallback}</>;
  const text = hindiDate(iso, withTime, local ? undefined : "UTC");
  return <time dateTime={iso}>{text || fallback}</time>;
}
