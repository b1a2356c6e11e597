/**
 * A date on the account pages in the page's language (shared/ui/local-date.tsx
 * draws it: en-GB on English pages, hi-IN on Hindi ones). Like LocalDate, the
 * server renders it in UTC and, once hydrated, the visitor's own zone.
 */
import { useLocale } from "~/shared/i18n/use-locale";
import { formatDate, LocalDate } from "~/shared/ui/local-date";

interface AccountDateProps {
  iso: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}

/** The Hindi rendering of a date (for tests and for text that is not a node). */
export function hindiDate(iso: string, withTime = false, timeZone?: string): string {
  return formatDate(iso, { withTime, timeZone, locale: "hi" });
}

export function AccountDate(props: AccountDateProps) {
  return <LocalDate {...props} locale={useLocale()} />;
}
