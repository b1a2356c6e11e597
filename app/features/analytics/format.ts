/** How the admin view writes the figures. */
import { type Rating, THRESHOLDS, type Vital } from "./metrics";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** "1,234 ms", "2.5 s" from 10 s up, or a layout-shift score "0.08". */
export function formatVital(vital: Vital, value: number, atLeast = false): string {
  const prefix = atLeast ? "≥ " : "";
  if (vital === "CLS") return `${prefix}${value < 10 ? value.toFixed(2) : integer.format(value)}`;
  if (value >= 10_000) return `${prefix}${(value / 1000).toFixed(1)} s`;
  return `${prefix}${integer.format(Math.round(value))} ms`;
}

export const RATING_LABEL: Record<Rating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/** "≤ 2,500 ms" / "> 4,000 ms": Google's thresholds in words. */
export function thresholdText(vital: Vital): { good: string; poor: string } {
  const { good, poor } = THRESHOLDS[vital];
  return { good: `≤ ${formatVital(vital, good)}`, poor: `> ${formatVital(vital, poor)}` };
}

export function share(part: number, total: number): string {
  if (total <= 0) return "0%";
  const percent = (part / total) * 100;
  return `${percent < 1 && percent > 0 ? "<1" : Math.round(percent)}%`;
}

export const VITAL_NAME: Record<Vital, string> = {
  LCP: "Largest Contentful Paint",
  INP: "Interaction to Next Paint",
  CLS: "Cumulative Layout Shift",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
};

/** "/*" is what React Router calls the not-found page. */
export function routeLabel(route: string): string {
  return route === "/*" ? "/* (not found)" : route;
}
