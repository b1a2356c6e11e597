/** The weekly summary mail to the site's operators (English, with its words here). */
import { site } from "~/config/site";
import { layout, type RenderedMail } from "~/infra/mail/layout";

/** The weekly summary's figures, already in words (features/analytics/weekly-report.server.ts). */
export interface WeeklyFigures {
  from: string;
  to: string;
  /** "1,234 (+12 %)" */
  pageViews: string;
  pageViewsCount: number;
  topPages: string[];
  topSources: string[];
  goals: string[];
  vitals: string[];
  /** Ask Tuesday: questions not answered this week, by topic (and the redacted log, where on). */
  unanswered: string[];
}

/** The weekly summary to operators (issue 21): the console's 7-day figures against the week before. */
export function weeklySummaryMail(f: WeeklyFigures, consoleUrl: string): RenderedMail {
  const section = (title: string, lines: string[]) => `${title}:\n${lines.length ? lines.map((l) => `• ${l}`).join("\n") : "• none yet"}`;
  const { html, text } = layout({
    preheader: `${f.pageViews} page views from ${f.from} to ${f.to}`,
    heading: `Your week: ${f.from} to ${f.to}`,
    paragraphs: [
      `Page views: ${f.pageViews}, against the week before.`,
      section("Top pages", f.topPages),
      section("Top sources", f.topSources),
      section("Goals", f.goals),
      section("Core Web Vitals (p75, every page)", f.vitals),
      section("Questions the site could not answer (Ask Tuesday, /admin/help)", f.unanswered),
    ],
    action: { label: "Open the analytics", url: consoleUrl },
    footnote: "Sent every Monday to the site's operators. Figures are UTC days, cookieless and aggregated, as the console shows them.",
  });
  return { subject: `[${site.productName}] Week of ${f.from} to ${f.to}: ${f.pageViews} page views`, html, text };
}
