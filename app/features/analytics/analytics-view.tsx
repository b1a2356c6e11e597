/**
 * /admin/analytics: page views and Core Web Vitals per route over 7 or 30
 * days (docs/decisions/0016-analytics.md). Everything is server-rendered
 * tables first; the charts (uPlot, analytics-charts.tsx) are fetched only
 * here, after hydration, and say nothing the tables do not.
 */
import { GOAL_LABELS, GOALS } from "./sources";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { cn } from "~/shared/lib/cn";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { ColumnHeadings } from "~/shared/ui/column-headings";
import { ScrollTable } from "~/shared/ui/scroll-table";
import { formatCount, formatVital, RATING_LABEL, routeLabel, share, thresholdText, VITAL_NAME } from "./format";
import { type Rating, type Vital, VITALS } from "./metrics";
import type { AnalyticsSummary, SummaryDays, VitalStats } from "./summary-types";

const AnalyticsCharts = lazy(() => import("./analytics-charts"));

export const DAY_CHOICES: readonly SummaryDays[] = [7, 30];

/** `?days=30` → 30; anything else → 7. */
export function daysFromSearch(search: URLSearchParams): SummaryDays {
  return search.get("days") === "30" ? 30 : 7;
}

/** A symbol and a word, so the rating never depends on colour alone. */
const RATING_STYLE: Record<Rating, { symbol: string; className: string }> = {
  good: { symbol: "●", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  "needs-improvement": { symbol: "▲", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  poor: { symbol: "■", className: "bg-red-50 text-red-800 ring-red-200" },
};

export function RatingBadge({ rating }: { rating: Rating }) {
  const style = RATING_STYLE[rating];
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", style.className)}>
      <span aria-hidden="true">{style.symbol}</span>
      {RATING_LABEL[rating]}
    </span>
  );
}

function VitalCell({ vital, stats }: { vital: Vital; stats: VitalStats | undefined }) {
  if (!stats) return <td className="px-3 py-2 text-ink-500">—</td>;
  return (
    <td className="px-3 py-2 align-top" data-vital={vital} data-rating={stats.rating}>
      <div className="font-medium text-ink-950 tabular-nums">{formatVital(vital, stats.p75, stats.p75AtLeast)}</div>
      <RatingBadge rating={stats.rating} />
      <div className="mt-0.5 text-xs text-ink-600 tabular-nums">
        p50 {formatVital(vital, stats.p50)} · p95 {formatVital(vital, stats.p95)} · n={formatCount(stats.count)}
      </div>
    </td>
  );
}

function DaysSwitch({ days }: { days: SummaryDays }) {
  return (
    <nav aria-label="Time range" className="flex gap-2">
      {DAY_CHOICES.map((choice) => (
        <Link
          key={choice}
          to={`?days=${choice}`}
          aria-current={choice === days ? "page" : undefined}
          preventScrollReset
          className={cn(
            "rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset",
            choice === days ? "scheme-light bg-brand-700 text-white ring-brand-700" : "bg-white text-ink-800 ring-ink-300 hover:bg-ink-50",
          )}
        >
          Last {choice} days
        </Link>
      ))}
    </nav>
  );
}

const th = "px-3 py-2 text-left font-semibold";

function SmallTable({ caption, head, rows }: { caption: string; head: [string, string, string]; rows: [string, string, string][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-ink-900">{caption}</caption>
      <thead className="bg-ink-50 text-ink-700">
        <ColumnHeadings columns={head} cellClassName={th} />
      </thead>
      <tbody className="divide-y divide-ink-200">
        {rows.map(([a, b, c]) => (
          <tr key={a}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-ink-900">
              {a}
            </th>
            <td className="px-3 py-2 tabular-nums">{b}</td>
            <td className="px-3 py-2 tabular-nums">{c}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsView({ summary }: { summary: AnalyticsSummary }) {
  const hydrated = useHydrated();
  const { days, from, to, totalPageViews, dropped, pageViews, vitals, overall, devices, connections, daily } = summary;
  const empty = totalPageViews === 0 && vitals.length === 0 && summary.sources.length === 0;

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">Analytics</h1>
          <p className="mt-1 max-w-2xl text-ink-600">
            {from} to {to} (UTC days). Cookieless and aggregated per day: route pattern, device class and connection type only.
          </p>
        </div>
        <DaysSwitch days={days} />
      </div>

      {empty ? (
        <p className="rounded-2xl bg-ink-50 p-6 text-ink-700 ring-1 ring-ink-200">
          Nothing recorded in the last {days} days yet. Page views and Core Web Vitals arrive from visitors&apos; browsers a few seconds after each page is
          viewed (not from visitors with Global Privacy Control or Do Not Track on, nor from bots).
        </p>
      ) : (
        <>
          <section aria-labelledby="analytics-overview" className="space-y-4">
            <h2 id="analytics-overview" className="text-xl font-bold">
              Overview
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              <div className="rounded-2xl bg-white p-4 ring-1 ring-ink-200">
                <dt className="text-sm text-ink-600">Page views</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="total-page-views">
                  {formatCount(totalPageViews)}
                </dd>
              </div>
              <div className="rounded-2xl bg-white p-4 ring-1 ring-ink-200">
                <dt className="text-sm text-ink-600">
                  <abbr title="Values above a plausible maximum (LCP, INP, FCP or TTFB over 60 s, CLS over 5), left out of every figure">Dropped values</abbr>
                </dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="dropped-values">
                  {formatCount(dropped)}
                </dd>
              </div>
              {VITALS.map((vital) => {
                const stats = overall[vital];
                return (
                  <div key={vital} className="rounded-2xl bg-white p-4 ring-1 ring-ink-200">
                    <dt className="text-sm text-ink-600">
                      <abbr title={VITAL_NAME[vital]}>{vital}</abbr> p75
                    </dt>
                    <dd className="mt-1 space-y-1">
                      {stats ? (
                        <>
                          <span className="block text-2xl font-bold tabular-nums">{formatVital(vital, stats.p75, stats.p75AtLeast)}</span>
                          <RatingBadge rating={stats.rating} />
                          <span className="block text-xs text-ink-600 tabular-nums" data-testid={`overall-${vital}-samples`}>
                            of {formatCount(stats.count)} values
                          </span>
                        </>
                      ) : (
                        <span className="block text-2xl text-ink-500">—</span>
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>

          <section aria-labelledby="analytics-charts" className="space-y-4">
            <h2 id="analytics-charts" className="text-xl font-bold">
              Per day
            </h2>
            {hydrated && (
              <Suspense fallback={<p className="text-sm text-ink-600">Loading the charts…</p>}>
                <AnalyticsCharts daily={daily} />
              </Suspense>
            )}
            {/* Open from the start and left as the operator sets it: tied to hydration, it snapped shut under a reader. */}
            <details className="rounded-2xl bg-white p-4 ring-1 ring-ink-200" open>
              <summary className="cursor-pointer font-medium">The numbers behind the charts</summary>
              <ScrollTable label="Page views and p75 per day, scrollable table" className="mt-3">
                <thead className="bg-ink-50 text-ink-700">
                  <ColumnHeadings columns={["Day", "Page views", ...VITALS.map((vital) => `${vital} p75`)]} cellClassName={th} />
                </thead>
                <tbody className="divide-y divide-ink-200">
                  {daily.days.map((day, i) => (
                    <tr key={day}>
                      <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
                        {day}
                      </th>
                      <td className="px-3 py-1.5 tabular-nums">{formatCount(daily.pageViews[i] ?? 0)}</td>
                      {VITALS.map((vital) => {
                        const value = daily.p75[vital][i];
                        return (
                          <td key={vital} className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                            {value === null || value === undefined ? "—" : `${formatVital(vital, value)} (n=${formatCount(daily.samples[vital][i] ?? 0)})`}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            </details>
          </section>

          <section aria-labelledby="analytics-sources" className="space-y-4">
            <h2 id="analytics-sources" className="text-xl font-bold">
              Sources and goals
            </h2>
            <p className="text-sm text-ink-600">
              Where visits came from (the UTM source of the landing address, else the referring site, else direct) and what they went on to do, counted on the
              server. A visitor is counted once a day, by a hash kept for the day and never stored.
            </p>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Goals">
              {GOALS.map((goal) => (
                <div key={goal} className="rounded-2xl bg-white p-4 ring-1 ring-ink-200">
                  <dt className="text-sm text-ink-600">{GOAL_LABELS[goal]}</dt>
                  <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`goal-${goal}`}>
                    {formatCount(summary.goals[goal])}
                  </dd>
                </div>
              ))}
            </dl>
            {summary.sources.length === 0 ? (
              <p className="text-ink-700">No visit with a known source in this period yet.</p>
            ) : (
              <ScrollTable label="Sources, scrollable table" card tableClassName="min-w-[44rem]" data-testid="sources-table">
                <thead className="bg-ink-50 text-ink-700">
                  <ColumnHeadings
                    columns={[
                      "Source",
                      "Medium / campaign",
                      "Visitors",
                      "Page views",
                      ...GOALS.map((goal) => GOAL_LABELS[goal]),
                      { key: "conversion", label: <abbr title="Sign-ups per visitor">Conversion</abbr> },
                    ]}
                    cellClassName={th}
                  />
                </thead>
                <tbody className="divide-y divide-ink-200 bg-white">
                  {summary.sources.slice(0, 25).map((row) => (
                    <tr key={`${row.source} ${row.medium} ${row.campaign}`}>
                      <th scope="row" className="px-3 py-2 text-left font-medium break-all">
                        {row.source}
                      </th>
                      <td className="px-3 py-2 text-ink-700">{[row.medium, row.campaign].filter(Boolean).join(" / ") || "—"}</td>
                      <td className="px-3 py-2 tabular-nums">{formatCount(row.visitors)}</td>
                      <td className="px-3 py-2 tabular-nums">{formatCount(row.pageviews)}</td>
                      {GOALS.map((goal) => (
                        <td key={goal} className="px-3 py-2 tabular-nums">
                          {formatCount(row.goals[goal])}
                        </td>
                      ))}
                      <td className="px-3 py-2 tabular-nums">{row.conversion === null ? "—" : `${(row.conversion * 100).toFixed(1)} %`}</td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>

          <section aria-labelledby="analytics-page-views" className="space-y-4">
            <h2 id="analytics-page-views" className="text-xl font-bold">
              Page views per route
            </h2>
            <ScrollTable label="Page views per route, scrollable table" card data-testid="page-views-table">
              <thead className="bg-ink-50 text-ink-700">
                <ColumnHeadings columns={["Route", "Page views", "Share"]} cellClassName={th} />
              </thead>
              <tbody className="divide-y divide-ink-200 bg-white">
                {pageViews.map((row) => (
                  <tr key={row.route}>
                    <th scope="row" className="px-3 py-2 text-left font-mono text-[13px] font-medium">
                      {routeLabel(row.route)}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{formatCount(row.count)}</td>
                    <td className="px-3 py-2 tabular-nums">{share(row.count, totalPageViews)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </section>

          <section aria-labelledby="analytics-vitals" className="space-y-4">
            <h2 id="analytics-vitals" className="text-xl font-bold">
              Core Web Vitals per route (p75)
            </h2>
            <p className="text-sm text-ink-600">
              The 75th percentile of what visitors&apos; browsers measured on pages they landed on, rated against Google&apos;s thresholds. Each cell also shows
              the median (p50), the p95 and how many values were reported.
            </p>
            {vitals.length === 0 ? (
              <p className="text-ink-700">No Core Web Vitals reported in this period yet.</p>
            ) : (
              <ScrollTable label="Core Web Vitals per route, scrollable table" card tableClassName="min-w-[48rem]" data-testid="vitals-table">
                <thead className="bg-ink-50 text-ink-700">
                  <ColumnHeadings
                    columns={["Route", ...VITALS.map((vital) => ({ key: vital, label: <abbr title={VITAL_NAME[vital]}>{vital}</abbr> }))]}
                    cellClassName={th}
                  />
                </thead>
                <tbody className="divide-y divide-ink-200 bg-white">
                  {vitals.map((row) => (
                    <tr key={row.route}>
                      <th scope="row" className="px-3 py-2 text-left align-top font-mono text-[13px] font-medium">
                        {routeLabel(row.route)}
                      </th>
                      {VITALS.map((vital) => (
                        <VitalCell key={vital} vital={vital} stats={row.metrics[vital]} />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>

          <section aria-labelledby="analytics-audience" className="grid gap-6 md:grid-cols-2">
            <h2 id="analytics-audience" className="sr-only">
              Devices and connections
            </h2>
            <SmallTable
              caption="Page views by device class"
              head={["Device", "Page views", "Share"]}
              rows={devices.map((d) => [d.device, formatCount(d.count), share(d.count, totalPageViews)])}
            />
            <SmallTable
              caption="Page views by connection type"
              head={["Connection", "Page views", "Share"]}
              rows={connections.map((c) => [c.connection, formatCount(c.count), share(c.count, totalPageViews)])}
            />
          </section>
        </>
      )}

      <section aria-labelledby="analytics-thresholds" className="space-y-3">
        <h2 id="analytics-thresholds" className="text-xl font-bold">
          Thresholds
        </h2>
        <SmallTable
          caption="Google's Core Web Vitals thresholds for the p75"
          head={["Metric", "Good", "Poor"]}
          rows={VITALS.map((vital) => {
            const t = thresholdText(vital);
            return [`${vital} (${VITAL_NAME[vital]})`, t.good, t.poor];
          })}
        />
      </section>
    </div>
  );
}
