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
  future: {
    v8_middleware: true,
  },
} satisfies Config;
