import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every URL of the product. Pages render inside root.tsx's site shell;
 * `api/*`, `dev/*` and the crawler files are resource routes (no UI).
 */
export default [
  // Pages (spec section 2)
  index("routes/home.tsx", { id: "home-index" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("about", "routes/about.tsx"),
  route("product", "routes/product.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("vision", "routes/vision.tsx"),
  route("team", "routes/team.tsx"),
  route("story", "routes/story.tsx"),
  route("features", "routes/features.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  route("auth/complete", "routes/auth.complete.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/download", "routes/profile.download.ts"),
  route("profile/security", "routes/profile.security.tsx"),
  route("community", "routes/community.tsx"),
  route("feedback", "routes/message-page.tsx", { id: "feedback" }),
  route("contact", "routes/message-page.tsx", { id: "contact" }),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog.rss.ts"),
  route("blog/:slug", "routes/blog.post.tsx"),
  route("coming-soon", "routes/coming-soon.tsx"),
  route("waitlist", "routes/waitlist.tsx"),
  route("waitlist/confirm", "routes/waitlist.confirm.tsx"),
  route("waitlist/unsubscribe", "routes/waitlist.unsubscribe.tsx"),
  route("license", "routes/license.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("help", "routes/help.tsx"),

  // The Hindi twins of the public pages: the same modules, under /hi/ (docs/decisions/0032-hindi.md;
  // the list of pages with a twin is TRANSLATED_PAGES in shared/i18n/locale.ts, and a test holds them equal).
  route("hi", "routes/home.tsx", { id: "hi/home-index" }),
  ...[
    ["about", "routes/about.tsx"],
    ["product", "routes/product.tsx"],
    ["pricing", "routes/pricing.tsx"],
    ["vision", "routes/vision.tsx"],
    ["team", "routes/team.tsx"],
    ["story", "routes/story.tsx"],
    ["features", "routes/features.tsx"],
    ["community", "routes/community.tsx"],
    ["coming-soon", "routes/coming-soon.tsx"],
    ["blog", "routes/blog.tsx"],
    ["blog/:slug", "routes/blog.post.tsx"],
    ["privacy", "routes/privacy.tsx"],
    ["terms", "routes/terms.tsx"],
    ["cookie-policy", "routes/cookie-policy.tsx"],
    ["license", "routes/license.tsx"],
    ["home", "routes/home.tsx"],
    ["contact", "routes/message-page.tsx"],
    ["feedback", "routes/message-page.tsx"],
    ["waitlist", "routes/waitlist.tsx"],
    ["waitlist/confirm", "routes/waitlist.confirm.tsx"],
    ["waitlist/unsubscribe", "routes/waitlist.unsubscribe.tsx"],
    ["auth", "routes/auth.tsx"],
    ["auth/reset-password", "routes/auth.reset-password.tsx"],
    ["auth/two-factor", "routes/auth.two-factor.tsx"],
    ["auth/sign-out", "routes/auth.sign-out.tsx"],
    ["auth/complete", "routes/auth.complete.tsx"],
    ["profile", "routes/profile.tsx"],
    ["profile/security", "routes/profile.security.tsx"],
    ["help", "routes/help.tsx"],
  ].map(([path, file]) => route(`hi/${path!}`, file!, { id: `hi/${path!}` })),

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
  route("f/:form/thanks", "routes/f.thanks.tsx"),

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
