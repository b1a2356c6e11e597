/**
 * What an Ask Tuesday answer says and where it points (issue 41): the
 * sentences of a passage that hold the question's words, and a link to the
 * exact place on the page in the asker's language.
 */
import type { Locale } from "~/shared/i18n/locale";
import type { Passage } from "./corpus.server";
import { keysOf } from "./search-index.server";
import { words } from "./text";

export interface HelpSource {
  url: string;
  title: string;
}

// ---------------------------------------------------------------------------
// Quoting
// ---------------------------------------------------------------------------

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?।])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A unit's keys; a cookie's name counts by its parts too ("session" is in tuesday.session_token). */
function sentenceKeys(sentence: string): Set<string> {
  const parts = (word: string) => (/[._]/.test(word) ? word.split(/[._]+/).filter((part) => part.length > 1) : []);
  return new Set(words(sentence).flatMap((word) => [word, ...parts(word)].flatMap(keysOf)));
}

/**
 * The passage's sentences (or its quote units: a table's rows) that hold most of the question's words,
 * in the page's order: one or two, a short passage whole.
 */
export function quote(passage: Passage, lang: Locale, questionKeys: Set<string>): string {
  const unitsIn = (language: Locale) => [...(passage.quoteUnits?.[language] ?? sentences(passage.text[language]))];
  const own = unitsIn(lang);
  const full = own.join(" ");
  if (full.length <= 320) return full;
  const other = unitsIn(lang === "en" ? "hi" : "en");
  // A key meets a question's key whole or as a stem of it ("refund" in "non-refundable").
  const meets = (key: string) =>
    questionKeys.has(key) || [...questionKeys].some((q) => q.length >= 4 && key.length >= 4 && (key.startsWith(q) || q.startsWith(key)));
  const score = (list: string[]) =>
    list.map((s) => {
      let hits = 0;
      for (const key of sentenceKeys(s)) if (meets(key)) hits++;
      return hits;
    });
  let scores = score(own);
  if (Math.max(...scores) === 0) {
    // The question's words are in the other language's text: take the sentence at the same place.
    const otherScores = score(other);
    const best = otherScores.indexOf(Math.max(...otherScores));
    const at = Math.min(own.length - 1, Math.round((best / Math.max(1, other.length - 1)) * (own.length - 1)));
    scores = own.map((_, i) => (i === at ? 1 : 0));
  }
  const ranked = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const chosen = [ranked[0]![1]];
  const second = ranked[1];
  if (second && second[0] > 0 && own[chosen[0]!]!.length + own[second[1]]!.length <= 360) chosen.push(second[1]);
  return chosen
    .sort((a, b) => a - b)
    .map((i) => own[i]!)
    .join(" ");
}

// ---------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------

/** A page of this site in the asker's language: "/privacy" or "/hi/privacy". */
export function localized(path: string, lang: Locale): string {
  if (lang === "en") return path;
  return path === "/" ? "/hi" : `/hi${path}`;
}

/** The English page a source links to: "/hi/privacy#:~:text=…" → "/privacy" (counters and the evaluation). */
export function pageOf(url: string): string {
  const path = url.replace(/[#?].*$/, "");
  return path.replace(/^\/hi(?=\/|$)/, "") || "/";
}

/** A link to the exact place: the element's id, or a text fragment of the heading (browsers scroll to it and mark it). */
export function sourceOf(passage: Passage, lang: Locale): HelpSource {
  const path = localized(passage.path, lang);
  const heading = passage.heading[lang];
  const hash = passage.anchor ? `#${passage.anchor}` : heading === passage.page[lang] ? "" : `#:~:text=${encodeURIComponent(heading).replace(/-/g, "%2D")}`;
  const title = heading === passage.page[lang] ? passage.page[lang] : `${passage.page[lang]}: ${heading}`;
  return { url: `${path}${hash}`, title };
}
