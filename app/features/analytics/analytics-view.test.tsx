/**
 * The admin view as the server renders it (no charts before hydration):
 * tables, ratings in words, the 7/30-day switch as links.
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AnalyticsView, daysFromSearch } from "./analytics-view";
import type { AnalyticsSummary } from "./summary-types";

const days = ["2026-11-14", "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
const none = days.map(() => null);
const zero = days.map(() => 0);
const noSamples = { LCP: zero, INP: zero, CLS: zero, FCP: zero, TTFB: zero };

function summary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    days: 7,
    from: days[0]!,
    to: days[6]!,
    totalPageViews: 0,
    dropped: 0,
    pageViews: [],
    vitals: [],
    overall: {},
    devices: [],
    connections: [],
    sources: [],
    goals: { "signed-up": 0, "email-verified": 0, "waitlist-joined": 0, "form-sent": 0 },
    daily: { days, pageViews: days.map(() => 0), p75: { LCP: none, INP: none, CLS: none, FCP: none, TTFB: none }, samples: noSamples },
    ...overrides,
  };
}

/** The server's HTML, without React's text separators. */
function html(s: AnalyticsSummary): string {
  return renderToString(
    <MemoryRouter initialEntries={["/admin/analytics"]}>
      <AnalyticsView summary={s} />
    </MemoryRouter>,
  ).replaceAll("<!-- -->", "");
}

describe("AnalyticsView", () => {
  it("says so when nothing was recorded, and still offers both ranges", () => {
    const out = html(summary());
    expect(out).toContain("Nothing recorded in the last 7 days yet.");
    expect(out).toMatch(/href="\/admin\/analytics\?days=7"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/admin\/analytics\?days=7"/);
    expect(out).toContain('href="/admin/analytics?days=30"');
  });

  it("renders page views and p75 per route, each rating in words, and the numbers behind the charts", () => {
    const lcp = { count: 8, p50: 2100, p75: 2600, p95: 4800, p75AtLeast: false, rating: "needs-improvement" as const };
    const cls = { count: 8, p50: 0.01, p75: 0.02, p95: 0.3, p75AtLeast: false, rating: "good" as const };
    const inp = { count: 3, p50: 300, p75: 700, p95: 900, p75AtLeast: false, rating: "poor" as const };
    const out = html(
      summary({
        totalPageViews: 12,
        pageViews: [
          { route: "/blog/:slug", count: 9 },
          { route: "/*", count: 3 },
        ],
        vitals: [{ route: "/blog/:slug", metrics: { LCP: lcp, CLS: cls, INP: inp } }],
        overall: { LCP: lcp, CLS: cls, INP: inp },
        devices: [{ device: "mobile", count: 12 }],
        connections: [{ connection: "4g", count: 12 }],
        daily: {
          days,
          pageViews: [0, 0, 0, 0, 0, 3, 9],
          p75: { LCP: [...none.slice(1), 2600], INP: none, CLS: none, FCP: none, TTFB: none },
          samples: { ...noSamples, LCP: [...zero.slice(1), 8] },
        },
        dropped: 4,
      }),
    );
    // Every figure says how many values it is of, and what was left out.
    expect(out).toMatch(/data-testid="overall-LCP-samples"[^>]*>of 8 values/);
    expect(out).toContain("2,600 ms (n=8)");
    expect(out).toMatch(/data-testid="dropped-values"[^>]*>4</);
    expect(out).toContain("/blog/:slug");
    expect(out).toContain("/* (not found)");
    expect(out).toContain("75%");
    expect(out).toContain("2,600 ms");
    expect(out).toContain("Needs improvement");
    expect(out).toContain("Good");
    expect(out).toContain("Poor");
    expect(out).toContain("0.02");
    expect(out).toContain("The numbers behind the charts");
    // Before hydration the table is open and no chart is drawn.
    expect(out).toMatch(/<details[^>]* open=""/);
    expect(out).not.toContain('data-testid="analytics-charts"');
  });

  it("reads the range from ?days", () => {
    expect(daysFromSearch(new URLSearchParams("days=30"))).toBe(30);
    expect(daysFromSearch(new URLSearchParams("days=7"))).toBe(7);
    expect(daysFromSearch(new URLSearchParams("days=365"))).toBe(7);
    expect(daysFromSearch(new URLSearchParams(""))).toBe(7);
  });
});
