/**
 * The charts of /admin/analytics, drawn with uPlot (small, fast, canvas).
 * This module and uPlot are fetched only by the admin page, after hydration
 * (analytics-view.tsx lazy-loads it); the same numbers are in the table
 * beside the charts, which is also what screen readers get.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./analytics-charts.css";
import { formatCount, formatVital, VITAL_NAME } from "./format";
import { THRESHOLDS, type Vital, VITALS } from "./metrics";
import type { AnalyticsSummary } from "./summary-types";
import { isDarkTheme, THEME_CHANGE_EVENT } from "~/shared/lib/theme";

/** Canvas needs plain colours (the theme's tokens, as hex), one set per theme. */
const LIGHT = { brand: "#6d28d9", brandFill: "rgba(109, 40, 217, 0.25)", good: "#059669", poor: "#dc2626", grid: "#e5e7eb", text: "#374151" };
const DARK = { brand: "#b79cff", brandFill: "rgba(183, 156, 255, 0.3)", good: "#34d399", poor: "#f87171", grid: "#343848", text: "#d4d7e0" };
type Colours = typeof LIGHT;

/** The chart colours of the theme the page is drawn in now, following the switch and the system's setting. */
function useChartColours(): Colours {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const update = () => setDark(isDarkTheme());
    update();
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", update);
    window.addEventListener(THEME_CHANGE_EVENT, update);
    return () => {
      media.removeEventListener("change", update);
      window.removeEventListener(THEME_CHANGE_EVENT, update);
    };
  }, []);
  return dark ? DARK : LIGHT;
}

const HEIGHT = 180;

/** Midnight UTC of each `YYYY-MM-DD`, in seconds (uPlot's time unit). */
function xs(days: string[]): number[] {
  return days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
}

const DAY_S = 86_400;

/** "21 Nov": the points are whole UTC days, so the x axis names days, never hours. */
function dayLabel(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** The site's typeface on the canvas too (the page has loaded Inter by the time a chart is drawn). */
const AXIS_FONT = '12px Inter, "Inter Fallback", system-ui, sans-serif';

function axes(COLOUR: Colours, format: (value: number) => string): uPlot.Axis[] {
  return [
    {
      font: AXIS_FONT,
      stroke: COLOUR.text,
      grid: { stroke: COLOUR.grid },
      ticks: { stroke: COLOUR.grid },
      // Ticks on whole days only (at least one day apart), labelled by date.
      incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S],
      values: (_u, values) => values.map(dayLabel),
    },
    // Wide enough for "4,000 ms" at the axis font: labels are measured, not guessed.
    {
      font: AXIS_FONT,
      stroke: COLOUR.text,
      grid: { stroke: COLOUR.grid },
      ticks: { stroke: COLOUR.grid },
      values: (_u, values) => values.map(format),
      size: (u, values) => {
        if (!values) return 48;
        const context = u.ctx;
        context.font = AXIS_FONT;
        return Math.ceil(Math.max(...values.map((v) => context.measureText(v).width))) + 24;
      },
    },
  ];
}

/**
 * uPlot turns a series off and on when its legend entry (a `<th>`) is clicked, and by nothing else.
 * Each entry's marker and name go into a real toggle button: focusable, pressed by Enter and Space
 * as by a click (its click bubbles to uPlot's own handler, so both ways do the same), `aria-pressed`
 * saying whether the series is drawn.
 */
function operableLegend(plot: uPlot) {
  const rows = [...plot.root.querySelectorAll<HTMLTableRowElement>(".u-legend tr.u-series")];
  // One row per series; the x series' row (the first) names the day and toggles nothing.
  const offset = rows.length - plot.series.length;
  plot.series.forEach((_series, i) => {
    const cell = rows[i + offset]?.querySelector("th");
    if (i === 0 || !cell) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "u-toggle";
    button.append(...cell.childNodes);
    cell.append(button);
  });
  syncLegend(plot);
}

/** Each legend button's `aria-pressed`: whether its series is drawn now. */
function syncLegend(plot: uPlot) {
  const rows = [...plot.root.querySelectorAll<HTMLTableRowElement>(".u-legend tr.u-series")];
  const offset = rows.length - plot.series.length;
  plot.series.forEach((series, i) => rows[i + offset]?.querySelector("button.u-toggle")?.setAttribute("aria-pressed", String(series.show !== false)));
}

/** One uPlot chart, sized to its container and rebuilt when its data changes. */
function Chart({ label, options, data }: { label: string; options: ChartOptions; data: uPlot.AlignedData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      {
        ...options,
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        // The days are UTC days: label them so, whatever the operator's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        // A series turned off or on (by its legend button, pointer or keyboard): the button says so.
        hooks: { ...options.hooks, setSeries: [(u) => syncLegend(u)] },
      },
      data,
      element,
    );
    operableLegend(plot);
    // The drawing is the image (its words: the label); the title and the legend's buttons stay outside it.
    const drawing = plot.root.querySelector(".u-wrap");
    drawing?.setAttribute("role", "img");
    drawing?.setAttribute("aria-label", label);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [options, data, label]);
  return <div ref={box} className="min-w-0" />;
}

type ChartOptions = Omit<uPlot.Options, "width" | "height">;

function PageViewsChart({ days, pageViews, colours: COLOUR }: { days: string[]; pageViews: number[]; colours: Colours }) {
  const options = useMemo<ChartOptions>(
    () => ({
      title: "Page views per day",
      series: [
        {},
        {
          label: "Page views",
          stroke: COLOUR.brand,
          fill: COLOUR.brandFill,
          paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
          points: { show: false },
          value: (_u, v) => (v == null ? "—" : formatCount(v)),
        },
      ],
      // Whole page views only: a small week's axis would otherwise read "0, 1, 1" (0.5 rounded).
      axes: axes(COLOUR, (v) => (Number.isInteger(v) ? formatCount(v) : "")),
      scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    }),
    [COLOUR],
  );
  const data = useMemo<uPlot.AlignedData>(() => [xs(days), pageViews], [days, pageViews]);
  const total = pageViews.reduce((a, b) => a + b, 0);
  return <Chart label={`Page views per day, ${formatCount(total)} in all: the numbers are in the table below.`} options={options} data={data} />;
}

function VitalChart({ vital, days, values, colours: COLOUR }: { vital: Vital; days: string[]; values: (number | null)[]; colours: Colours }) {
  const { good, poor } = THRESHOLDS[vital];
  const options = useMemo<ChartOptions>(() => {
    const format = (v: number) => formatVital(vital, v);
    return {
      title: `${vital} p75 per day (${VITAL_NAME[vital]})`,
      series: [
        {},
        { label: `${vital} p75`, stroke: COLOUR.brand, width: 2, spanGaps: false, value: (_u, v) => (v == null ? "—" : format(v)) },
        { label: "Good up to", stroke: COLOUR.good, dash: [6, 4], width: 1, points: { show: false }, value: () => format(good) },
        { label: "Poor above", stroke: COLOUR.poor, dash: [2, 4], width: 1, points: { show: false }, value: () => format(poor) },
      ],
      axes: axes(COLOUR, format),
      scales: { y: { range: (_u, _min, max) => [0, Math.max(poor * 1.2, max ?? 0)] } },
    };
  }, [vital, good, poor, COLOUR]);
  const data = useMemo<uPlot.AlignedData>(() => [xs(days), values, days.map(() => good), days.map(() => poor)], [days, values, good, poor]);
  return (
    <Chart
      label={`${VITAL_NAME[vital]}, 75th percentile per day, against Google's thresholds: the numbers are in the table below.`}
      options={options}
      data={data}
    />
  );
}

export default function AnalyticsCharts({ daily }: { daily: AnalyticsSummary["daily"] }) {
  const colours = useChartColours();
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="analytics-charts">
      <div className="lg:col-span-2">
        <PageViewsChart days={daily.days} pageViews={daily.pageViews} colours={colours} />
      </div>
      {VITALS.map((vital) => (
        <VitalChart key={vital} vital={vital} days={daily.days} values={daily.p75[vital]} colours={colours} />
      ))}
    </div>
  );
}
