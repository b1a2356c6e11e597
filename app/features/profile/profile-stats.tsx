import { useSyncExternalStore } from "react";
import { account } from "~/shared/i18n/catalog/account";
import { INTL_LOCALE } from "~/shared/i18n/locale";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocale } from "~/shared/i18n/use-locale";
import { Button } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { AccountDate } from "./account-date";
import { browserSession, countVisit, STATS_KEYS, timeSpentParts } from "./local-stats";
import { useTimeTracking } from "./use-time-tracking";

/** h:mm:ss, so that tracking visibly runs from its first second. */
function clock(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

function StatCard({ label, icon, children }: { label: string; icon: "timer" | "activity" | "square-pen"; children: React.ReactNode }) {
  return (
    <section aria-label={label} className="flex flex-col rounded-2xl bg-white p-5 shadow-card ring-1 ring-ink-200/70">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon name={icon} />
        </span>
        <h2 className="text-sm font-semibold text-ink-600">{label}</h2>
      </div>
      <div className="mt-4 flex flex-1 flex-col justify-between gap-4">{children}</div>
    </section>
  );
}

/** Time Spent (with Start/Stop Tracking), Total Visits, Last Update on Profile information. */
export function ProfileStats({ updatedAt }: { updatedAt: string }) {
  const t = useMessages("account", account);
  const locale = useLocale();
  const { state, toggle } = useTimeTracking();
  const visits = useSyncExternalStore(
    () => () => {},
    // This visit counted first (once per browser session: the root counts it too, a moment after hydration).
    () => {
      try {
        return countVisit(localStorage, browserSession);
      } catch {
        return Number(localStorage.getItem(STATS_KEYS.totalVisits) ?? 0) || 0;
      }
    },
    () => null,
  );

  return (
    <div className="grid gap-5 md:grid-cols-3">
      <StatCard label={t.stats.timeSpent} icon="timer">
        <div>
          <p className="text-3xl font-bold text-ink-950 tabular-nums" data-testid="time-spent" aria-live="off">
            {fill(t.stats.timeSpentValue, timeSpentParts(state?.totalTimeSpent ?? 0))}
          </p>
          {state?.trackTime && (
            <p className="mt-1 flex items-center gap-2 text-sm text-ink-600 tabular-nums" data-testid="time-live">
              <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
              {fill(t.stats.tracking, { clock: clock(state.totalTimeSpent) })}
            </p>
          )}
        </div>
        {/* Time is kept by a script: the button shows (its place kept) once that runs, never as a dead press (issue 39). */}
        <Button variant={state?.trackTime ? "secondary" : "primary"} size="sm" onClick={toggle} disabled={!state} className={state ? undefined : "invisible"}>
          {state?.trackTime ? t.stats.stop : t.stats.start}
        </Button>
      </StatCard>
      <StatCard label={t.stats.totalVisits} icon="activity">
        <p className="text-3xl font-bold text-ink-950 tabular-nums" data-testid="total-visits">
          {visits === null ? "—" : visits.toLocaleString(INTL_LOCALE[locale])}
        </p>
        <p className="text-sm text-ink-600">{t.stats.visitsHint}</p>
      </StatCard>
      <StatCard label={t.stats.lastUpdate} icon="square-pen">
        <p className="text-lg font-semibold text-ink-950" data-testid="last-update">
          <AccountDate iso={updatedAt} withTime />
        </p>
        <p className="text-sm text-ink-600">{t.stats.lastUpdateHint}</p>
      </StatCard>
    </div>
  );
}
