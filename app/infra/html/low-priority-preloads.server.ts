/**
 * Lowers the fetch priority of React Router's `<link rel="modulepreload">`s.
 *
 * They are fetched at High priority by default, competing with the stylesheet
 * and the text of the page for a phone's bandwidth before the first paint.
 * On a content-first site the words should come first and the code that makes
 * them interactive right after (docs/decisions/0005-initial-javascript-budget.md).
 * React Router does not pass extra attributes to these links, so the server's
 * HTML stream is rewritten on its way out.
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import type { IntentOptions } from "./hydrate-on-intent.server";
import { leftovers, paintFirstBootstrap, paintFirstState, type PaintFirst } from "./paint-first.server";

const FIND = 'rel="modulepreload"';
const REPLACE = 'rel="modulepreload" fetchpriority="low"';

/**
 * Both of the page's rewrites: low-priority preloads, and scripts after the
 * first paint (paint-first.server.ts). `state` carries the second across the
 * parts of a stream; a whole page needs none.
 */
export function rewriteHtml(html: string, state?: PaintFirst): string {
  const lowered = html.replaceAll(FIND, REPLACE);
  // `npm run dev`'s bootstrap starts hot reloading first: left as Vite writes it.
  if (process.env.NODE_ENV === "development") return lowered;
  if (state) return paintFirstBootstrap(lowered, state);
  // A whole page: without a bootstrap its preloads stay where they are.
  const whole = paintFirstState();
  const out = paintFirstBootstrap(lowered, whole);
  return whole.done ? out : lowered;
}

/**
 * How much of the text can be rewritten and sent now: everything before an
 * unfinished tag (a preload's attributes may be cut) or an unfinished script
 * element (the bootstrap is rewritten whole).
 */
function readyUpTo(text: string): number {
  const script = text.lastIndexOf("<script");
  if (script !== -1 && text.indexOf("</script>", script) === -1) return script;
  const tag = text.lastIndexOf("<");
  if (tag !== -1 && text.indexOf(">", tag) === -1) return tag;
  return text.length;
}

const LT = 0x3c;
const GT = 0x3e;

/**
 * Whether a chunk can go out as it came: nothing held back from the chunk
 * before, nothing here either rewrite looks for (a <script>, a <link>, a
 * preload), no tag left open at its end and no UTF-8 character cut there.
 * Most of a page (its text and markup) is such chunks; decoding and encoding
 * them again cost ~5 % of an uncached server render.
 */
function untouched(chunk: Buffer, clean: boolean): boolean {
  if (!clean || chunk.length === 0 || chunk[chunk.length - 1]! >= 0x80) return false;
  if (chunk.includes("<script") || chunk.includes("<link") || chunk.includes("modulepreload")) return false;
  return chunk.lastIndexOf(LT) <= chunk.lastIndexOf(GT);
}

/**
 * A streaming `rewriteHtml`: safe when a match (or a UTF-8 character) spans two
 * chunks. With `intent`, the page's scripts wait for the visitor's first move
 * (hydrate-on-intent.server.ts).
 */
export function lowPriorityPreloads(intent?: IntentOptions): Transform {
  const decoder = new StringDecoder("utf8");
  const state = paintFirstState(intent);
  let pending = "";
  /** Nothing is held back: not a part of a tag, not a part of a character. */
  let clean = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (untouched(chunk, clean)) {
        callback(null, chunk);
        return;
      }
      clean = chunk.length > 0 && chunk[chunk.length - 1]! < 0x80;
      const text = pending + decoder.write(chunk);
      const cut = readyUpTo(text);
      pending = text.slice(cut);
      if (pending !== "") clean = false;
      callback(null, rewriteHtml(text.slice(0, cut), state));
    },
    flush(callback) {
      callback(null, rewriteHtml(pending + decoder.end(), state) + leftovers(state));
    },
  });
}
