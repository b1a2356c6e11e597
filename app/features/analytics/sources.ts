/**
 * Where a visit came from (issue 21), as the landing page's reporter sends it
 * and the server checks it: the referrer's host (not its path: a path can
 * carry a search or a name) and the UTM source, medium and campaign of the
 * landing address. Shared by the browser (reporter.ts) and the beacon's
 * schema; no zod here, so the reporter's chunk stays small.
 */

export interface VisitSource {
  /** The referring site's host, without "www."; absent for our own pages and for none. */
  ref?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

/** A UTM value as it is counted: lower case, spaces as hyphens, only letters, digits and `._+-`, 60 characters. */
export const UTM_VALUE = /^[a-z0-9][a-z0-9._+-]{0,59}$/;
/** A host name: dot-separated labels, a letter TLD, 100 characters at most. */
export const HOST_NAME = /^(?=.{1,100}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeUtm(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const cleaned = value
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9._+-]/g, "")
    .slice(0, 60);
  return UTM_VALUE.test(cleaned) ? cleaned : undefined;
}

export function referrerHost(referrer: string, ownHost: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (host === ownHost.toLowerCase().replace(/^www\./, "")) return undefined;
    return HOST_NAME.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** The landing page's source: what the browser knows when the visit starts. Undefined: none at all (direct). */
export function visitSource(location: { search: string; hostname: string }, referrer: string): VisitSource | undefined {
  const params = new URLSearchParams(location.search);
  const source: VisitSource = {};
  const ref = referrerHost(referrer, location.hostname);
  if (ref) source.ref = ref;
  for (const name of ["utm_source", "utm_medium", "utm_campaign"] as const) {
    const value = normalizeUtm(params.get(name));
    if (value) source[name] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
}

/** How a source is counted: UTM source first, else the referrer's host, else "direct". */
export function sourceKey(source: VisitSource | undefined): { source: string; medium: string; campaign: string } {
  return {
    source: source?.utm_source ?? source?.ref ?? "direct",
    medium: source?.utm_medium ?? (source?.ref && !source.utm_source ? "referral" : ""),
    campaign: source?.utm_campaign ?? "",
  };
}

/** What the server counts on its own (never sent by a browser): the goals of issue 21. */
export const GOALS = ["signed-up", "email-verified", "waitlist-joined", "form-sent"] as const;
export type Goal = (typeof GOALS)[number];

export const GOAL_LABELS: Record<Goal, string> = {
  "signed-up": "Sign-ups",
  "email-verified": "Emails verified",
  "waitlist-joined": "Waitlist joins",
  "form-sent": "Forms sent",
};
