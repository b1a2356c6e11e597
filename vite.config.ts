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
 * Names the server needs of the client's hashed files: the analytics
 * reporter's chunk, which the bootstrap of a page not hydrated yet imports
 * itself (app/infra/html/client-chunks.server.ts, ADR 0005). The client is
 * built before the server, which reads the name where its placeholder is.
 */
function clientChunkNames(): Plugin {
  // Kept on globalThis: React Router builds the client and then the server in this process, and may load this file anew for each.
  const found: { reporter?: string } = ((globalThis as { __clientChunkNames?: { reporter?: string } }).__clientChunkNames ??= {});
  let base = "/";
  return {
    name: "client-chunk-names",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(options, bundle) {
      if (path.basename(options.dir ?? "") !== "client") return;
      for (const chunk of Object.values(bundle)) {
        // As the bundle's own imports name it (`base` + file), so the bootstrap and the page import one module, not two.
        if (chunk.type === "chunk" && chunk.facadeModuleId?.endsWith("/app/features/analytics/reporter.ts")) found.reporter = `${base}${chunk.fileName}`;
      }
    },
    transform(code, id) {
      if (!id.endsWith("/app/infra/html/client-chunks.server.ts")) return undefined;
      if (!found.reporter) this.error("the analytics reporter's client chunk was not found (is the client built first?)");
      return code.replace('"__ANALYTICS_REPORTER_CHUNK__"', JSON.stringify(found.reporter));
    },
  };
}

const config = {
  plugins: [tailwindcss(), reactRouter(), precompress(), clientChunkNames()],
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
              test: /\/app\/(config\/site|shared\/lib\/(cn|seo|toasts|when-idle|nonce|use-hydrated|use-each-answer|viewer|theme)|shared\/ui\/(button|icon|layout|logo|avatar|island)|features\/layout\/(header|site-shell|navigation|not-found-view|route-change-overlay|route-preload|route-focus|route-scroll|side-menu|window-error-notice|user-menu-button|island-links)|features\/auth\/(index|sign-out|user-cache)|features\/chat-widget\/(chat-button-stub|look))\.tsx?$/,
            },
            {
              // Drawn by the browser only on a navigation to them (the first page's are static islands: ADR 0033).
              name: "marketing",
              priority: 1,
              test: /\/app\/features\/marketing\/(card-grid|cards-page|team-grid|sections|home-sections)\.tsx?$/,
            },
            {
              // Shared by the analytics reporter (which a page not hydrated yet imports by itself: ADR 0005)
              // and the hydrated page's reporter loader: in neither's chunk, or the reporter would bring the shell.
              name: "tracking-refused",
              priority: 4,
              test: /\/app\/features\/analytics\/tracking-refused\.ts$/,
            },
            {
              // The home page's hero and its particles (and the words it shares with the marketing blocks).
              name: "hero",
              priority: 2,
              test: /\/app\/(features\/marketing\/hero|features\/particles\/(index|particles-background)|shared\/i18n\/catalog\/sections)\.tsx?$/,
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
