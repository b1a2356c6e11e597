/**
 * Scripts wait for the first paint: the words first, the code that makes them
 * interactive right after (docs/decisions/0019-slow-phone.md).
 *
 * React Router puts a `<link rel="modulepreload">` in the <head> for every
 * module of the page and an inline module script (the bootstrap) whose static
 * imports (`import * as route0 from "/assets/root-….js"`) evaluate them, React
 * included, as soon as they arrive. On any line but the slowest they arrive
 * before the browser has drawn the page: the first paint then waits for the
 * download and the evaluation, and Lighthouse counts every script into the
 * largest contentful paint (1.35× the same HTML without scripts).
 *
 * The rewrite moves the preloads into the bootstrap, behind the first
 * contentful paint (AFTER_FIRST_PAINT). Then every module is preloaded at
 * once, as before (no waterfall of imports), and the static imports become
 * dynamic ones. Nothing is evaluated
 * and no script is fetched before the first paint; taps before hydration work
 * without scripts (real links, forms that post, the side menu's <dialog>).
 *
 * A bootstrap this does not recognise is left as it is, preloads and all (a
 * later React Router may write it differently: the unit test and the bench's
 * LCP ratio would show it).
 */
import { INTENT_WAIT, type IntentOptions, intentWake } from "./hydrate-on-intent.server";

const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"]+");?\s*$/gm;

/**
 * What the bootstrap waits for: the first contentful paint (a frame alone may
 * have drawn nothing yet, the words still waiting for layout or the font), or,
 * where paint timing is missing, the frame after `load`; never in a hidden tab,
 * which paints nothing.
 *
 * Then for the page's fonts to have come (at most FONTS_WAIT_MS): a Hindi
 * page's words are drawn in the Devanagari font (72 KB), and where the phone
 * has no Devanagari font of its own they cannot be read before it arrives.
 * Fetched beside the scripts, the font shared the line with 125 KB of them and
 * its words were drawn after their evaluation: the largest paint of `/hi` was
 * 1.14× the same page without scripts. English pages have their font (preloaded)
 * by the first paint, so for them this costs nothing.
 *
 * The wait after the paint is AFTER_PAINT_MS, not the next task: the browser
 * reports a paint a frame or two after it made it, and Lighthouse counts into
 * the largest paint every request that began before that report. Requested
 * 7–10 ms after the paint, the scripts were counted in one run of two on
 * `/pricing` (LCP 1,507 ms against 1,361, 1.10× its script-free copy).
 */
export const FONTS_WAIT_MS = 3000;
export const AFTER_PAINT_MS = 50;

export const AFTER_FIRST_PAINT = `await new Promise((go) => {
  if (document.visibilityState === "hidden" || performance.getEntriesByName("first-contentful-paint").length) return go();
  const later = () => requestAnimationFrame(() => setTimeout(go));
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return addEventListener("load", later);
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); setTimeout(go, ${AFTER_PAINT_MS}); }
  }).observe({ type: "paint" });
  addEventListener("visibilitychange", go, { once: true });
});
if (document.fonts && document.fonts.status !== "loaded") await Promise.race([document.fonts.ready, new Promise((go) => setTimeout(go, ${FONTS_WAIT_MS}))]);`;

/** The state of one page's rewrite: the preloads taken out of the <head>, for the bootstrap to add back. */
export interface PaintFirst {
  preloads: string[];
  /** The bootstrap was found and rewritten (from then on, nothing is held back). */
  done: boolean;
  /** The page waits for the visitor's first move before its scripts (hydrate-on-intent.server.ts). */
  intent?: IntentOptions;
}

export function paintFirstState(intent?: IntentOptions): PaintFirst {
  return { preloads: [], done: false, intent };
}

function rewriteBootstrap(body: string, preloads: string[], intent: IntentOptions | undefined): string | undefined {
  if (!body.includes("__reactRouterRouteModules")) return undefined;
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line: string, name: string | undefined, specifier: string) => {
    names.push(name ?? "");
    specifiers.push(specifier);
    return "";
  });
  if (specifiers.length === 0) return undefined;
  return [
    ...(intent ? [intentWake(intent)] : []),
    AFTER_FIRST_PAINT,
    ...(intent ? [INTENT_WAIT] : []),
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${names.join(", ")}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");
}

/**
 * Rewrites a part of a page (parts in order, each tag whole; `state` carries
 * what the <head> held to the bootstrap further down). The preloads are taken
 * out only while a bootstrap is still to come; if none comes they are
 * returned to the caller's output at the end (`leftovers`).
 */
export function paintFirstBootstrap(html: string, state: PaintFirst = paintFirstState()): string {
  let out = html;
  if (!state.done) {
    out = out.replace(PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (!href) return tag;
      state.preloads.push(href.replaceAll("&amp;", "&"));
      return "";
    });
  }
  return out.replace(BOOTSTRAP, (whole: string, open: string, body: string, close: string) => {
    if (state.done) return whole;
    const rewritten = rewriteBootstrap(body, state.preloads, state.intent);
    if (rewritten === undefined) return whole;
    state.done = true;
    return `${open}${rewritten}${close}`;
  });
}

/** The preloads to put back when the page had no bootstrap after all (an error page's odd shape, a future React Router). */
export function leftovers(state: PaintFirst): string {
  if (state.done || state.preloads.length === 0) return "";
  return state.preloads.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${href.replaceAll("&", "&amp;")}"/>`).join("");
}
