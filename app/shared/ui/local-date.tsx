import { INTL_LOCALE, type Locale } from "~/shared/i18n/locale";
import { useHydrated } from "~/shared/lib/use-hydrated";

interface LocalDateProps {
  iso: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
  /** The page's language: English pages read "21 January 2025, 14:05", Hindi ones "21 जनवरी 2025 को 14:05 बजे". */
  locale?: Locale;
}

/**
 * Formatters by options, made once: building an Intl.DateTimeFormat costs far
 * more than using one (a CPU profile of the profile page's render: 6 % of it
 * went to `toLocaleString` building a new one for every date).
 *
 * English keeps en-GB's day-month-year; Hindi is hi-IN with a 24-hour clock
 * (hi-IN's 12-hour one says "am"/"pm" in Latin letters).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale === "hi" ? INTL_LOCALE.hi : "en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", ...(locale === "hi" ? { hourCycle: "h23" as const } : {}) } : {}),
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

/** A date as LocalDate draws it, as text ("" for a date that is not one). */
export function formatDate(
  iso: string,
  { withTime = false, timeZone, locale = "en" }: { withTime?: boolean; timeZone?: string; locale?: Locale } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(locale, withTime, timeZone).format(date);
}

/**
 * A date in the visitor's own time zone. The server renders it in UTC (it
 * cannot know the zone); after hydration it switches to local time, so the
 * two renders never disagree during hydration.
 */
export function LocalDate({ iso, withTime = false, fallback = "—", locale = "en" }: LocalDateProps) {
  const local = useHydrated();
  if (!iso) return <>{fallback}</>;
  const text = formatDate(iso, { withTime, timeZone: local ? undefined : "UTC", locale });
  return <time dateTime={iso}>{text || fallback}</time>;
}
