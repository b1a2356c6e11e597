/**
 * Every page of the site, once (issue 42): its path, its route module and what
 * the site does with it. The route table (app/routes.ts), the prerender list
 * (app/prerender.ts), the pages with a Hindi twin (shared/i18n/locale.ts) and
 * the analytics' route patterns (features/analytics/metrics.ts) are derived
 * from it, so a page added here is routed, prerendered, translated and counted
 * as it says, and nowhere else needs to know.
 *
 * Resource routes (the API, feeds, exports) and the operators' console are
 * not pages: app/routes.ts lists them.
 */
export interface PageEntry {
  /** The English path, as React Router's pattern ("/blog/:slug"). */
  path: string;
  /** The route module, relative to app/. */
  module: string;
  /** The route's id, where one module serves several paths. */
  id?: string;
  /** Rendered to static HTML at build time: its content does not depend on who asks (app/prerender.ts). */
  prerendered?: true;
  /** Has a Hindi twin under /hi (docs/decisions/0032-hindi.md). */
  translated?: true;
  /**
   * Reached only through a step before it (a session, a mailed token, a
   * form): the audits that walk every public page leave it to the journeys.
   */
  flow?: true;
}

export const PAGES = [
  // The spec's pages (section 2)
  { path: "/", module: "routes/home.tsx", id: "home-index", prerendered: true, translated: true },
  { path: "/home", module: "routes/home.tsx", id: "home", prerendered: true, translated: true },
  { path: "/about", module: "routes/about.tsx", prerendered: true, translated: true },
  { path: "/product", module: "routes/product.tsx", prerendered: true, translated: true },
  { path: "/pricing", module: "routes/pricing.tsx", prerendered: true, translated: true },
  { path: "/vision", module: "routes/vision.tsx", prerendered: true, translated: true },
  { path: "/team", module: "routes/team.tsx", prerendered: true, translated: true },
  { path: "/story", module: "routes/story.tsx", prerendered: true, translated: true },
  { path: "/features", module: "routes/features.tsx", prerendered: true, translated: true },
  { path: "/auth", module: "routes/auth.tsx", translated: true },
  { path: "/auth/reset-password", module: "routes/auth.reset-password.tsx", translated: true, flow: true },
  { path: "/auth/two-factor", module: "routes/auth.two-factor.tsx", translated: true, flow: true },
  { path: "/auth/complete", module: "routes/auth.complete.tsx", translated: true, flow: true },
  { path: "/auth/sign-out", module: "routes/auth.sign-out.tsx", translated: true, flow: true },
  { path: "/profile", module: "routes/profile.tsx", translated: true, flow: true },
  { path: "/profile/security", module: "routes/profile.security.tsx", translated: true, flow: true },
  { path: "/community", module: "routes/community.tsx", prerendered: true, translated: true },
  { path: "/feedback", module: "routes/message-page.tsx", id: "feedback", prerendered: true, translated: true },
  { path: "/contact", module: "routes/message-page.tsx", id: "contact", prerendered: true, translated: true },
  { path: "/blog", module: "routes/blog.tsx", prerendered: true, translated: true },
  // Every post is prerendered and translated (app/prerender.ts blogPostPaths; locale.ts hasTwin).
  { path: "/blog/:slug", module: "routes/blog.post.tsx", translated: true },
  { path: "/coming-soon", module: "routes/coming-soon.tsx", prerendered: true, translated: true },
  { path: "/waitlist", module: "routes/waitlist.tsx", prerendered: true, translated: true },
  { path: "/waitlist/confirm", module: "routes/waitlist.confirm.tsx", translated: true, flow: true },
  { path: "/waitlist/unsubscribe", module: "routes/waitlist.unsubscribe.tsx", translated: true, flow: true },
  { path: "/license", module: "routes/license.tsx", prerendered: true, translated: true },
  { path: "/privacy", module: "routes/privacy.tsx", prerendered: true, translated: true },
  { path: "/terms", module: "routes/terms.tsx", prerendered: true, translated: true },
  { path: "/cookie-policy", module: "routes/cookie-policy.tsx", prerendered: true, translated: true },
  // Ask Tuesday's answers as pages (issue 41)
  { path: "/help", module: "routes/help.tsx", translated: true },
  // The form service's thank-you page (Formspree's protocol, for forms posted without JavaScript)
  { path: "/f/:form/thanks", module: "routes/f.thanks.tsx" },
] as const satisfies readonly PageEntry[];

type Page = (typeof PAGES)[number];
export type PagePath = Page["path"];
type TranslatedPath = Extract<Page, { translated: true }>["path"];
/** A Hindi twin's path: "/" is "/hi", "/pricing" is "/hi/pricing". */
export type HindiPath<P extends string> = P extends "/" ? "/hi" : `/hi${P}`;

/** "/pricing" → "/hi/pricing", "/" → "/hi". */
export function hindiTwin<P extends string>(path: P): HindiPath<P> {
  return (path === "/" ? "/hi" : `/hi${path}`) as HindiPath<P>;
}

export const PAGE_PATHS: readonly PagePath[] = PAGES.map((page) => page.path);

/** The English paths of the pages with a Hindi twin (blog posts by their pattern). */
export const TRANSLATED_PATHS: readonly TranslatedPath[] = PAGES.flatMap((page) => ("translated" in page ? [page.path as TranslatedPath] : []));

/** The Hindi twins' paths, as patterns. */
export const HINDI_PATHS: readonly HindiPath<TranslatedPath>[] = TRANSLATED_PATHS.map(hindiTwin);

/** The prerendered pages' paths (blog posts apart: one per post file). */
export const PRERENDERED_PATHS: readonly string[] = PAGES.flatMap((page) => ("prerendered" in page ? [page.path] : []));

/** Pages reached only through a step before them. */
export const FLOW_PATHS: ReadonlySet<string> = new Set(PAGES.flatMap((page) => ("flow" in page ? [page.path] : [])));
