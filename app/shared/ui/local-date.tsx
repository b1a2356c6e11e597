import { useHydrated } from "~/shared/lib/use-hydrated";

interface LocalDateProps {
  iso: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}

/**
 * Formatters by options, made once: building an Intl.DateTimeFormat costs far
 * more than using one (a CPU profile of the profile page's render: 6 % of it
 * went to `toLocaleString` building a new one for every date).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime}|${timeZone ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

function format(iso: string, withTime: boolean, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(withTime, timeZone).format(date);
}

/**
 * A date in the visitor's own time zone. The server renders it in UTC (it
 * cannot know the zone); after hydration it switches to local time, so the
 * two renders never disagree during hydration.
 */
export function LocalDate({ iso, withTime = false, fallback = "—" }: LocalDateProps) {
  const local = useHydrated();
  if (!iso) return <>{fallback}</>;
  const text = format(iso, withTime, local ? undefined : "UTC");
  return <time dateTime={iso}>{text || fallback}</time>;
}
