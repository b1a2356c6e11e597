import { useHydrated } from "~/shared/lib/use-hydrated";

interface LocalDateProps {
  iso: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}

function format(iso: string, withTime: boolean, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    timeZone,
  });
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
