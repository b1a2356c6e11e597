/**
 * What the fuzzer aims at: every route of app/routes.ts (read at run time, so
 * a route added later is fuzzed without touching this file), expanded into
 * concrete endpoints, with the methods and body fields each one takes. The
 * `api/auth/*` splat becomes the Better Auth endpoints; pages with a loader
 * or action get their `.data` twin (React Router's single fetch); the
 * contract's routes that do not exist yet are fuzzed as unknown paths.
 */
import type { Rng } from "../lib/prng.ts";

export type Encoding = "json" | "urlencoded" | "multipart" | "none";

export interface FuzzContext {
  /** host:port of the server, as a browser would write it in Host. */
  host: string;
  origin: string;
  /** Set for the signed-in half of the requests. */
  session?: { cookie: string; userId: string };
  /** Someone else's user id (a real one). */
  otherUserId: string;
  /** A real outbox mail id (/dev/mailbox/:id). */
  mailId: string;
  blogSlug: string;
}

export interface Endpoint {
  /** The route pattern of app/routes.ts it comes from ("api/auth/*", "profile"…). */
  pattern: string;
  /** A concrete path; `{own}`, `{other}`, `{mail}`, `{slug}`, `{word}` are filled in per request. */
  path: string;
  /** Natural methods, the first one most likely. */
  methods: string[];
  /** Body fields of a natural write (names; values come from NATURAL below). */
  fields?: string[];
  encodings?: Encoding[];
  /** Natural query string (without "?"). */
  query?: string;
  /** GET-only endpoints get fewer mutation categories (body mutations mean little there). */
  readOnly: boolean;
}

type Template = Omit<Endpoint, "pattern" | "readOnly"> & { readOnly?: boolean };

const JSON_ONLY: Encoding[] = ["json"];
const FORMS: Encoding[] = ["urlencoded", "multipart", "json"];

/** Better Auth's endpoints (and ours under /api/auth), used or not by this product. */
const AUTH_ENDPOINTS: Template[] = [
  { path: "/api/auth/sign-in/email", methods: ["POST"], fields: ["email", "password", "rememberMe", "callbackURL"], encodings: ["json", "urlencoded"] },
  { path: "/api/auth/sign-up/email", methods: ["POST"], fields: ["email", "password", "name", "callbackURL"], encodings: ["json", "urlencoded"] },
  { path: "/api/auth/sign-out", methods: ["POST"], fields: [], encodings: JSON_ONLY },
  { path: "/api/auth/get-session", methods: ["GET"], readOnly: true },
  { path: "/api/auth/request-password-reset", methods: ["POST"], fields: ["email", "redirectTo"], encodings: JSON_ONLY },
  { path: "/api/auth/forget-password", methods: ["POST"], fields: ["email", "redirectTo"], encodings: JSON_ONLY },
  { path: "/api/auth/reset-password", methods: ["POST"], fields: ["token", "newPassword"], encodings: JSON_ONLY },
  { path: "/api/auth/reset-password/{word}", methods: ["GET"], query: "callbackURL=%2Fauth%2Freset-password", readOnly: true },
  { path: "/api/auth/verify-email", methods: ["GET"], query: "token={token}&callbackURL=%2Fauth%3Fverified%3D1", readOnly: true },
  { path: "/api/auth/send-verification-email", methods: ["POST"], fields: ["email", "callbackURL"], encodings: JSON_ONLY },
  { path: "/api/auth/resend-verification", methods: ["POST"], fields: ["email"], encodings: JSON_ONLY },
  { path: "/api/auth/sign-in/social", methods: ["POST"], fields: ["provider", "callbackURL", "errorCallbackURL"], encodings: JSON_ONLY },
  { path: "/api/auth/sign-in/oauth2", methods: ["POST"], fields: ["providerId", "callbackURL", "errorCallbackURL"], encodings: JSON_ONLY },
  { path: "/api/auth/callback/google", methods: ["GET", "POST"], query: "code={word}&state={word}", fields: ["code", "state"], encodings: ["urlencoded"] },
  { path: "/api/auth/callback/github", methods: ["GET"], query: "code={word}&state={word}", readOnly: true },
  { path: "/api/auth/oauth2/callback/google", methods: ["GET"], query: "code={word}&state={word}", readOnly: true },
  { path: "/api/auth/oauth2/callback/github", methods: ["GET"], query: "code={word}&state={word}&error=access_denied", readOnly: true },
  { path: "/api/auth/list-sessions", methods: ["GET"], readOnly: true },
  { path: "/api/auth/revoke-session", methods: ["POST"], fields: ["token"], encodings: JSON_ONLY },
  { path: "/api/auth/revoke-other-sessions", methods: ["POST"], fields: [], encodings: JSON_ONLY },
  { path: "/api/auth/change-password", methods: ["POST"], fields: ["currentPassword", "newPassword", "revokeOtherSessions"], encodings: JSON_ONLY },
  { path: "/api/auth/update-user", methods: ["POST"], fields: ["name", "image"], encodings: JSON_ONLY },
  { path: "/api/auth/delete-user", methods: ["POST"], fields: ["password", "callbackURL"], encodings: JSON_ONLY },
  { path: "/api/auth/delete-user/callback", methods: ["GET"], query: "token={token}&callbackURL=%2Fhome", readOnly: true },
  { path: "/api/auth/list-accounts", methods: ["GET"], readOnly: true },
  { path: "/api/auth/account-info", methods: ["GET"], query: "accountId={word}", readOnly: true },
  { path: "/api/auth/get-access-token", methods: ["POST"], fields: ["providerId", "accountId"], encodings: JSON_ONLY },
  { path: "/api/auth/refresh-token", methods: ["POST"], fields: ["providerId"], encodings: JSON_ONLY },
  // Issue 19: two-factor, passkeys, re-authentication, connected accounts.
  { path: "/api/auth/two-factor/enable", methods: ["POST"], fields: ["password", "method"], encodings: JSON_ONLY },
  { path: "/api/auth/two-factor/disable", methods: ["POST"], fields: ["password"], encodings: JSON_ONLY },
  { path: "/api/auth/two-factor/verify-totp", methods: ["POST"], fields: ["code", "trustDevice"], encodings: JSON_ONLY },
  { path: "/api/auth/two-factor/verify-backup-code", methods: ["POST"], fields: ["code", "trustDevice"], encodings: JSON_ONLY },
  { path: "/api/auth/two-factor/generate-backup-codes", methods: ["POST"], fields: ["password"], encodings: JSON_ONLY },
  { path: "/api/auth/two-factor/get-totp-uri", methods: ["POST"], fields: ["password"], encodings: JSON_ONLY },
  { path: "/api/auth/reauthenticate", methods: ["POST"], fields: ["password", "code"], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/registration-options", methods: ["POST"], fields: [], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/register", methods: ["POST"], fields: ["response", "name"], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/authentication-options", methods: ["POST"], fields: [], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/authenticate", methods: ["POST"], fields: ["response", "rememberMe"], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/list", methods: ["GET"], readOnly: true },
  { path: "/api/auth/passkey/rename", methods: ["POST"], fields: ["id", "name"], encodings: JSON_ONLY },
  { path: "/api/auth/passkey/delete", methods: ["POST"], fields: ["id"], encodings: JSON_ONLY },
  { path: "/api/auth/link-social", methods: ["POST"], fields: ["provider", "callbackURL"], encodings: JSON_ONLY },
  { path: "/api/auth/unlink-account", methods: ["POST"], fields: ["accountId", "providerId"], encodings: JSON_ONLY },
  { path: "/api/auth/ok", methods: ["GET"], readOnly: true },
  { path: "/api/auth/error", methods: ["GET"], query: "error={word}", readOnly: true },
  { path: "/api/auth/{word}", methods: ["GET", "POST"], fields: ["email"], encodings: JSON_ONLY },
];

/** The routes we know by pattern; anything else in app/routes.ts gets `fallbackFor`. */
const KNOWN: Record<string, Template[]> = {
  "api/health": [{ path: "/api/health", methods: ["GET", "HEAD"], readOnly: true }],
  "api/auth/resend-verification": [], // listed with AUTH_ENDPOINTS
  "api/auth/*": AUTH_ENDPOINTS,
  "api/forms/:kind": [
    { path: "/api/forms/feedback", methods: ["POST"], fields: ["name", "email", "message", "subject_line"], encodings: FORMS },
    { path: "/api/forms/contact", methods: ["POST"], fields: ["name", "email", "message"], encodings: FORMS },
    { path: "/api/forms/{word}", methods: ["POST", "GET"], fields: ["name", "email", "message"], encodings: JSON_ONLY },
  ],
  "api/user/:id": [
    { path: "/api/user/{own}", methods: ["GET", "DELETE"], fields: ["name", "password"], encodings: JSON_ONLY },
    { path: "/api/user/{other}", methods: ["GET", "DELETE"], fields: ["name", "password"], encodings: JSON_ONLY },
    { path: "/api/user/{word}", methods: ["GET", "DELETE"], fields: ["name", "password"], encodings: JSON_ONLY },
  ],
  "api/saveUser": [{ path: "/api/saveUser", methods: ["POST"], fields: ["id", "email", "name"], encodings: JSON_ONLY }],
  "api/saveUser/:uid": [
    { path: "/api/saveUser/{own}", methods: ["POST"], fields: ["name", "gender", "dob", "about"], encodings: ["json", "urlencoded", "multipart"] },
    { path: "/api/saveUser/{other}", methods: ["POST"], fields: ["name", "gender", "dob", "about"], encodings: JSON_ONLY },
  ],
  "api/*": [
    { path: "/api/{word}", methods: ["GET", "POST"], fields: ["name"], encodings: JSON_ONLY },
    // The contract's routes that this version does not have yet: fuzzed all the same.
    { path: "/api/openapi.json", methods: ["GET"], readOnly: true },
  ],
  // The analytics beacon (features/analytics/ingest.server.ts).
  "api/vitals": [{ path: "/api/vitals", methods: ["POST", "GET"], fields: ["device", "connection", "events"], encodings: ["json"] }],
  "dev/mailbox": [{ path: "/dev/mailbox", methods: ["GET"], query: "format=json&to={email}", readOnly: true }],
  "dev/mailbox/:id": [
    { path: "/dev/mailbox/{mail}", methods: ["GET"], readOnly: true },
    { path: "/dev/mailbox/{word}", methods: ["GET"], readOnly: true },
  ],
  "sitemap.xml": [{ path: "/sitemap.xml", methods: ["GET"], readOnly: true }],
  "robots.txt": [{ path: "/robots.txt", methods: ["GET"], readOnly: true }],
  "*": [
    { path: "/{word}", methods: ["GET", "POST"], fields: ["name"], encodings: JSON_ONLY },
    { path: "/{word}/{word}.php", methods: ["GET"], readOnly: true },
    { path: "/f/feedback", methods: ["POST"], fields: ["name", "email", "message"], encodings: FORMS },
    { path: "/admin", methods: ["GET"], readOnly: true },
    { path: "/assets/{word}.js", methods: ["GET"], readOnly: true },
    { path: "/favicon.svg", methods: ["GET"], readOnly: true },
    { path: "/.env", methods: ["GET"], readOnly: true },
  ],
  // Pages with a loader or an action (the rest are static pages: see pageTemplates).
  profile: [
    { path: "/profile", methods: ["POST", "GET"], fields: ["intent", "name", "gender", "dob", "about"], encodings: ["urlencoded", "multipart"] },
    { path: "/profile", methods: ["POST"], fields: ["intent", "name", "password"], encodings: ["urlencoded"] },
    { path: "/profile.data", methods: ["POST", "GET"], fields: ["intent", "name", "gender", "dob", "about"], encodings: ["urlencoded", "multipart"] },
    { path: "/profile.data", methods: ["GET"], query: "_routes=routes%2Fprofile", readOnly: true },
  ],
  "profile/download": [{ path: "/profile/download", methods: ["GET"], readOnly: true }],
  feedback: [
    { path: "/feedback", methods: ["POST", "GET"], fields: ["name", "email", "message", "subject_line"], encodings: ["urlencoded", "multipart"] },
    { path: "/feedback.data", methods: ["POST", "GET"], fields: ["name", "email", "message"], encodings: ["urlencoded", "multipart"] },
  ],
  contact: [
    { path: "/contact", methods: ["POST", "GET"], fields: ["name", "email", "message"], encodings: ["urlencoded", "multipart"] },
    { path: "/contact.data", methods: ["POST", "GET"], fields: ["name", "email", "message"], encodings: ["urlencoded"] },
  ],
  // The account forms' route actions (intent sign-in, sign-up, resend, request-reset, social).
  auth: [
    {
      path: "/auth",
      methods: ["GET", "POST"],
      query: "mode=signup",
      fields: ["intent", "email", "password", "remember", "redirectTo"],
      encodings: ["urlencoded", "multipart", "json"],
    },
    { path: "/auth.data", methods: ["POST"], fields: ["intent", "email", "password", "provider", "via"], encodings: ["urlencoded"] },
    { path: "/auth.data", methods: ["GET"], query: "mode=reset&error=LINK_USED", readOnly: true },
    { path: "/auth", methods: ["GET"], query: "mode=verify", readOnly: true },
  ],
  "auth/reset-password": [
    { path: "/auth/reset-password", methods: ["GET"], query: "token={token}", readOnly: true },
    { path: "/auth/reset-password", methods: ["POST"], query: "token={token}", fields: ["token", "password", "confirm"], encodings: ["urlencoded", "json"] },
    { path: "/auth/reset-password.data", methods: ["GET"], query: "token={token}&error=INVALID_TOKEN", readOnly: true },
  ],
  "auth/sign-out": [{ path: "/auth/sign-out", methods: ["GET", "POST"], fields: [], encodings: ["urlencoded"] }],
  "api/ready": [{ path: "/api/ready", methods: ["GET", "HEAD"], readOnly: true }],
  "site.webmanifest": [{ path: "/site.webmanifest", methods: ["GET"], readOnly: true }],
  "auth/complete": [{ path: "/auth/complete", methods: ["GET"], query: "provider=google&status=error", readOnly: true }],
  blog: [
    { path: "/blog", methods: ["GET"], readOnly: true },
    { path: "/blog.data", methods: ["GET"], readOnly: true },
  ],
  "blog/:slug": [
    { path: "/blog/{slug}", methods: ["GET"], readOnly: true },
    { path: "/blog/{slug}.data", methods: ["GET"], readOnly: true },
    { path: "/blog/{word}", methods: ["GET"], readOnly: true },
  ],
};

/** Static pages: the page, and for the root route the index's `.data`. */
function pageTemplates(path: string): Template[] {
  if (path === "/")
    return [
      { path: "/", methods: ["GET", "HEAD"], readOnly: true },
      { path: "/_root.data", methods: ["GET"], readOnly: true },
    ];
  return [{ path, methods: ["GET"], readOnly: true }];
}

/** A route nobody described yet: its params become words, its splat a word. */
function fallbackFor(pattern: string): Template[] {
  const path = `/${pattern.replace(/:[\w]+\??/g, "{word}").replace(/\*/g, "{word}")}`;
  return [{ path, methods: ["GET", "POST"], fields: ["name", "email", "id"], encodings: ["json", "urlencoded"] }];
}

interface RouteConfigEntry {
  path?: string;
  index?: boolean;
  children?: RouteConfigEntry[];
}

function flatten(entries: RouteConfigEntry[], prefix = ""): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const full = e.index ? prefix : [prefix, e.path ?? ""].filter(Boolean).join("/");
    if (e.index || e.path !== undefined) out.push(full);
    if (e.children) out.push(...flatten(e.children, full));
  }
  return out;
}

export interface Catalog {
  endpoints: Endpoint[];
  /** Every route pattern of app/routes.ts, for the report. */
  patterns: string[];
  /** Patterns that had no entry of ours (fuzzed with the generic fallback). */
  unknownPatterns: string[];
}

export async function loadCatalog(): Promise<Catalog> {
  const routes = (await import("../../../app/routes.ts")).default as RouteConfigEntry[];
  const patterns = [...new Set(flatten(routes))];
  const endpoints: Endpoint[] = [];
  const unknownPatterns: string[] = [];
  for (const pattern of patterns) {
    let templates = KNOWN[pattern];
    if (!templates) {
      const isStaticPage = !pattern.includes(":") && !pattern.includes("*") && !pattern.startsWith("api/") && !pattern.startsWith("dev/");
      if (isStaticPage) templates = pageTemplates(`/${pattern}`);
      else {
        templates = fallbackFor(pattern);
        unknownPatterns.push(pattern);
      }
    }
    for (const t of templates) endpoints.push({ ...t, pattern, readOnly: t.readOnly ?? false });
  }
  return { endpoints, patterns, unknownPatterns };
}

/** A natural value for a body field (before any mutation). */
export function naturalValue(field: string, rng: Rng, ctx: FuzzContext): unknown {
  switch (field) {
    case "email":
      return `fz-${rng.word(4, 10)}@example.test`;
    case "password":
    case "newPassword":
    case "currentPassword":
      return `pw-${rng.word(8, 16)}`;
    case "name":
      return `Fuzz ${rng.word(3, 10)}`;
    case "message":
      return `Hello from the fuzzer, ${rng.word(5, 30)}.`;
    case "callbackURL":
      return rng.pick(["/auth?verified=1", "/home", "/profile", "/auth/complete"]);
    case "errorCallbackURL":
      return "/auth/complete?status=error";
    case "redirectTo":
      return "/auth/reset-password";
    case "rememberMe":
    case "revokeOtherSessions":
      return rng.chance(0.5);
    case "token":
      return rng.word(24, 40);
    case "provider":
    case "providerId":
      return rng.pick(["google", "github"]);
    case "gender":
      return rng.pick(["", "Female", "Male", "Non-binary", "Prefer not to say"]);
    case "dob":
      return rng.pick(["", "1990-05-17", "2001-12-31"]);
    case "about":
      return `About ${rng.word(5, 40)}`;
    case "intent":
      return rng.pick(["save", "save", "delete", "sign-in", "sign-up", "resend", "request-reset", "social", "nonsense"]);
    case "via":
      return rng.pick(["popup", "redirect"]);
    case "remember":
      return rng.pick(["on", "", "true"]);
    case "confirm":
      return `pw-${rng.word(8, 16)}`;
    case "subject_line":
      return "";
    case "id":
      return ctx.session?.userId ?? ctx.otherUserId;
    case "value":
      return rng.int(0, 5000);
    case "route":
      return "/";
    case "device":
      return rng.pick(["desktop", "mobile", "tablet"]);
    case "connection":
      return rng.pick(["4g", "3g", "unknown"]);
    case "events":
      return [
        { route: rng.pick(["/", "/pricing", "/blog/:slug"]), metric: "pageview" },
        { route: "/", metric: rng.pick(["LCP", "INP", "CLS", "FCP", "TTFB"]), value: rng.int(0, 5000) / 10 },
      ];
    case "image":
      return "https://example.test/a.png";
    default:
      return rng.word();
  }
}
