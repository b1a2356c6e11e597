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
  future: {
    v8_middleware: true,
  },
} satisfies Config;
