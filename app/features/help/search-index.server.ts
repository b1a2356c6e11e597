/**
 * Ask Tuesday's index: MiniSearch (a small, dependency-free full-text index,
 * BM25) over the site's passages, held in the server's memory. Each passage is
 * indexed in four spaces of words (text.ts): its English, its Hindi, a sound
 * key of its Hindi in Latin letters, which is where Hinglish questions meet
 * the Hindi pages, and the loan key of its English, which is where an English
 * word written in Devanagari ("सिक्योरिटी", "डिस्काउंट") meets the English twin
 * of a page whose Hindi says it in Hindi words (the site's own pages only:
 * the blog's wide English vocabulary met everyday questions by chance). A
 * question is cut and keyed the same way, so one search covers the ways of
 * asking.
 */
import MiniSearch from "minisearch";
import { buildCorpus, type Passage } from "./corpus.server";
import { loanKey, romanize, soundKey } from "./sounds";
import { englishKey, hindiKey, isDevanagari, isSubjectWord, words } from "./text";

interface Doc {
  n: number;
  heading: string;
  en: string;
  hi: string;
  roman: string;
  loan: string;
}

const SOUND = "~";
const LOAN = "^";

/** The keys one word stands for in the index: its own language's, and its sound key. */
export function keysOf(word: string): string[] {
  if (!isSubjectWord(word)) return [];
  if (isDevanagari(word)) return [hindiKey(word), SOUND + soundKey(romanize(word))];
  return [englishKey(word), SOUND + soundKey(word)];
}

/**
 * The loan key of a Devanagari word, marked for the index: where it meets an
 * English word that sounds the same ("" when it has too few consonants).
 * Not one of keysOf's: most Hindi words are no English word, and the answerer
 * asks it only of words the Hindi pages do not use.
 */
export function loanKeyOf(word: string): string {
  const key = isDevanagari(word) && isSubjectWord(word) ? loanKey(romanize(word), { english: false }) : "";
  return key && LOAN + key;
}

function fieldKeys(term: string, field: string | undefined): string[] | null {
  if (!isSubjectWord(term)) return null;
  if (field === "loan") {
    const key = isDevanagari(term) ? "" : loanKey(term, { english: true });
    return key ? [LOAN + key] : null;
  }
  if (field === "en") return isDevanagari(term) ? null : [englishKey(term)];
  if (field === "hi") return isDevanagari(term) ? [hindiKey(term)] : [englishKey(term)];
  if (field === "roman") return isDevanagari(term) ? [SOUND + soundKey(romanize(term))] : null;
  // Headings mix both languages: each word keyed as in its own field.
  if (field === "heading") return isDevanagari(term) ? keysOf(term) : [englishKey(term)];
  // The question: every key it could meet.
  return keysOf(term);
}

export interface HelpIndex {
  passages: Passage[];
  search: MiniSearch<Doc>;
  /** How many passages hold each key (a key in most passages says little). */
  passagesWith(key: string): number;
}

/** Builds the index from the site's content (a few milliseconds; measured in `npm run bench`). */
export function buildHelpIndex(passages: Passage[] = buildCorpus()): HelpIndex {
  const search = new MiniSearch<Doc>({
    idField: "n",
    fields: ["heading", "en", "hi", "roman", "loan"],
    tokenize: (text) => words(text),
    processTerm: (term, field) => fieldKeys(term, field),
    searchOptions: {
      boost: { heading: 2 },
      // Typos: one letter in five-letter words, two in longer ones; a stem finds its longer forms.
      fuzzy: (term) => (term.startsWith(SOUND) || term.startsWith(LOAN) || term.length < 5 ? false : 0.2),
      prefix: (term) => !term.startsWith(SOUND) && !term.startsWith(LOAN) && term.length >= 4,
      weights: { fuzzy: 0.4, prefix: 0.6 },
    },
  });
  search.addAll(
    passages.map((p, n) => ({
      n,
      // The page's title too: a question that names the page ("team", "privacy") finds its passages.
      heading: [...new Set([p.page.en, p.heading.en, p.page.hi, p.heading.hi])].join(" "),
      en: p.text.en,
      hi: p.text.hi,
      roman: `${p.heading.hi} ${p.text.hi}`,
      loan: p.topic === "blog" ? "" : `${p.heading.en} ${p.text.en}`,
    })),
  );
  // How many passages hold a key: asked of the index itself, once per key (building a table of every key up front cost more than the index).
  const counts = new Map<string, number>();
  const passagesWith = (key: string) => {
    let count = counts.get(key);
    if (count === undefined) {
      count = search.search(key, { tokenize: () => [key], processTerm: (term) => term, fuzzy: false, prefix: false, boost: {} }).length;
      counts.set(key, count);
    }
    return count;
  };
  return { passages, search, passagesWith };
}

let shared: HelpIndex | undefined;

/** The process's index, built on first use (or at start: services warm it). */
export function helpIndex(): HelpIndex {
  shared ??= buildHelpIndex();
  return shared;
}
