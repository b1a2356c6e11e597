import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { PLACEHOLDER_ORIGIN } from "./app/shared/lib/seo.server";
import { precompressAssets } from "./server/precompress";

/** Hashed assets never change: compress them once, at build time, at the strongest settings. */
function precompress(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir ?? "";
      if (path.basename(dir) !== "client") return;
      const count = precompressAssets(path.join(dir, "assets"));
      this.info(`precompressed ${count} assets (brotli and gzip)`);
    },
  };
}

/**
 * The page script (app/client/page-script.ts): an entry of the client build
 * of its own (every page loads it, hydrated or not: ADR 0035), whose hashed
 * name the server writes into every page. The client is built before the
 * server, which reads the name where its placeholder is
 * (app/client/page-script-url.server.ts).
 */
const PAGE_SCRIPT = "app/client/page-script.ts";

function pageScriptEntry(): Plugin {
  // Kept on globalThis: React Router builds the client and then the server in this process, and may load this file anew for each.
  const found: { url?: string } = ((globalThis as { __pageScript?: { url?: string } }).__pageScript ??= {});
  let base = "/";
  let client = false;
  return {
    name: "page-script-entry",
    apply: "build",
    configResolved(config) {
      base = config.base;
      client = !config.build.ssr;
    },
    options(options) {
      if (!client) return null;
      const input = options.input;
      const file = path.resolve(PAGE_SCRIPT);
      // As React Router gives its own entries (a list of files, named by their files): one more.
      if (Array.isArray(input)) return { ...options, input: [...input, file] };
      if (typeof input === "string") return { ...options, input: [input, file] };
      return { ...options, input: { ...input, "page-script": file } };
    },
    generateBundle(options, bundle) {
      if (path.basename(options.dir ?? "") !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId?.endsWith(`/${PAGE_SCRIPT}`)) found.url = `${base}${chunk.fileName}`;
      }
    },
    transform(code, id) {
      if (!id.endsWith("/app/client/page-script-url.server.ts")) return undefined;
      if (!found.url) this.error("the page script's client chunk was not found (is the client built first?)");
      return code.replace('"__PAGE_SCRIPT_CHUNK__"', JSON.stringify(found.url));
    },
  };
}

const config = {
  plugins: [tailwindcss(), reactRouter(), precompress(), pageScriptEntry()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // `npm run dev` listens where APP_URL points by default, so origin checks
  // and OAuth callbacks behave the same as under `npm start`.
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1", strictPort: true },
  build: {
    target: "es2022",
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // Browsers with CSS light-dark() (2024): below these, the minifier would
    // rewrite light-dark() into variables resolved once on :root, and blocks
    // marked `scheme-light` could not keep the light palette (ADR 0026).
    cssTarget: ["chrome123", "edge123", "firefox120", "safari17.5"],
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every page needs: a dozen tiny shared
        // modules would each cost a request (and a round trip on a phone).
        // Only modules loaded up front belong here; lazy ones keep their chunks.
        codeSplitting: {
          groups: [
            {
              name: "shell",
              priority: 3,
              test: /\/app\/(shared\/lib\/(cn|seo|toasts|nonce|use-hydrated|use-each-answer|viewer|theme|page-handle)|shared\/ui\/(button|icon|layout|logo|avatar)|features\/layout\/(header|site-shell|navigation|not-found-view|route-overlay|route-focus|route-scroll|side-menu|user-menu-button|footer)|features\/auth\/(index|sign-out)|features\/chat-widget\/chat-widget)\.tsx?$/,
            },
            {
              // The page script and what only it needs, in one small file every page loads (ADR 0035):
              // nothing of the shell, so a page without React Router fetches no more than this. The few
              // small modules both it (or a page module it loads, such as /auth's) and the shell use live
              // here too: in the shell they would pull its 170 KB into a page without a framework.
              name: "page-script",
              priority: 5,
              test: /\/app\/(config\/site|shared\/i18n\/fill|features\/auth\/user-cache|client\/page-script|features\/chat-widget\/(chat-button|position|delay)|features\/particles\/start-particles|features\/analytics\/(report-page-view|landing-view|tracking-refused|client-context|sources|metrics)|features\/profile\/local-stats|shared\/lib\/when-idle)\.ts$/,
            },
            {
              name: "marketing",
              priority: 1,
              test: /\/app\/features\/marketing\/(card-grid|cards-page|team-grid|sections|home-sections)\.tsx?$/,
            },
          ],
        },
      },
    },
    // The icon sprite must stay a file: <use href="data:…#id"> does not work in browsers.
    // Fonts too: the 1.2 KB rupee font would otherwise ride in the render-blocking
    // stylesheet of every page instead of being fetched by the pages that show a price.
    assetsInlineLimit: (file: string) => (file.endsWith("sprite.svg") || file.endsWith(".woff2") ? false : undefined),
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // Prerendered pages are built with a placeholder origin that the server
  // swaps for APP_URL's when it loads them: one build serves any APP_URL.
  if (command === "build") process.env.APP_URL = PLACEHOLDER_ORIGIN;
  return config;
});
