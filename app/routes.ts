import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { hindiTwin, PAGES } from "./config/pages";

/**
 * Every URL of the product. Pages render inside root.tsx's site shell and come
 * from the page table (config/pages.ts); what is listed here by hand is the
 * operators' console and the resource routes (`api/*`, `dev/*`, exports,
 * feeds and the crawler files: no UI).
 */

/** A page of the table as a route: "/" is the index route. */
function pageRoute(path: string, module: string, id?: string) {
  const options = id ? { id } : {};
  return path === "/" ? index(module, options) : route(path.slice(1), module, options);
}

export default [
  // Every page (spec section 2 and since), from the one page table (config/pages.ts).
  ...PAGES.map((page) => pageRoute(page.path, page.module, "id" in page ? page.id : undefined)),

  // The Hindi twins: the same modules, under /hi/ (docs/decisions/0032-hindi.md).
  ...PAGES.filter((page) => "translated" in page).map((page) =>
    route(hindiTwin(page.path).slice(1), page.module, { id: `hi/${"id" in page ? page.id : page.path.slice(1)}` }),
  ),

  // The operator console: 404 for everyone but operators (request-context.server.ts requireOperator)
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    route("forms", "routes/admin.forms.tsx"),
    route("accounts", "routes/admin.accounts.tsx"),
    route("accounts/:id", "routes/admin.accounts.detail.tsx"),
    route("analytics", "routes/admin.analytics.tsx"),
    route("mail", "routes/admin.mail.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("waitlist", "routes/admin.waitlist.tsx"),
    route("help", "routes/admin.help.tsx"),
  ]),
  route("admin/waitlist/export", "routes/admin.waitlist.export.ts"),
  route("admin/accounts/:id/export", "routes/admin.accounts.export.ts"),
  route("admin/messages/export", "routes/admin.messages.export.ts"),
  route("admin/metrics.json", "routes/admin.metrics.ts"),
  route("admin/metrics", "routes/admin.prometheus.ts"),

  // A page's files: the profile's data export, the blog's feed
  route("profile/download", "routes/profile.download.ts"),
  route("blog/rss.xml", "routes/blog.rss.ts"),

  // HTTP API (contract)
  route("api/health", "routes/api/health.ts"),
  route("api/ready", "routes/api/ready.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/forms/:kind", "routes/api/forms.ts"),
  route("api/user/:id", "routes/api/user.ts"),
  route("api/saveUser", "routes/api/save-user.ts"),
  route("api/saveUser/:uid", "routes/api/save-user-by-id.ts"),
  route("api/vitals", "routes/api/vitals.ts"),
  route("api/help/ask", "routes/api/help-ask.ts"),
  route("api/help/feedback", "routes/api/help-feedback.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/*", "routes/api/not-found.ts"),

  // The form service in Formspree's protocol (for @formspree/core and @formspree/react)
  route("f/:form", "routes/f.form.ts"),

  // The local outbox (no SMTP_URL, loopback only)
  route("dev/mailbox", "routes/dev/mailbox.ts"),
  route("dev/mailbox/:id", "routes/dev/mailbox-message.ts"),

  // Crawlers
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("site.webmanifest", "routes/site.webmanifest.ts"),
  route(".well-known/security.txt", "routes/well-known/security.txt.ts"),

  // Anything else: the not-found page, with HTTP 404
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
