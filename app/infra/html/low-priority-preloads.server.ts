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

const FIND = 'rel="modulepreload"';
const REPLACE = 'rel="modulepreload" fetchpriority="low"';

export function rewriteHtml(html: string): string {
  return html.replaceAll(FIND, REPLACE);
}

/** A streaming `rewriteHtml`: safe when a match (or a UTF-8 character) spans two chunks. */
export function lowPriorityPreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rewriteHtml(pending + decoder.write(chunk));
      // Hold back what could be the start of a match cut by the chunk boundary.
      const keep = FIND.length - 1;
      pending = text.slice(-keep);
      callback(null, text.slice(0, -keep));
    },
    flush(callback) {
      callback(null, rewriteHtml(pending + decoder.end()));
    },
  });
}
