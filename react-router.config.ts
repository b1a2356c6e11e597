import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/prerender";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server rendering for everything dynamic (auth, profile, API); the marketing
  // and legal pages are also rendered to static HTML at build time, which the
  // production server sends to visitors without a session (see server/static-files.ts).
  ssr: true,
  prerender: prerenderedPaths,
  // The pages that run React Router (ADR 0035) load the whole route manifest as one
  // cacheable module (3 KB gzip) instead of React Router's lazy discovery, which
  // matched the page's parent paths against every route and inlined a partial
  // manifest into each server render (ADR 0038).
  routeDiscovery: { mode: "initial" },
  // Which origins may post to an action is the request context's to judge
  // (infra/security/origin-check.server.ts: APP_URL's origin and, on a loopback
  // APP_URL, its loopback twins), so every refusal is the same 403 page or JSON
  // error. React Router's own check knows neither: it refused a post from
  // http://127.0.0.1:3000 to a server at http://localhost:3000 with a bare
  // "Bad Request". "**" hands every origin on to the context's check.
  allowedActionOrigins: ["**"],
  future: {
    v8_middleware: true,
  },
} satisfies Config;
