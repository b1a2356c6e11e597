/**
 * Words as they sound, for Ask Tuesday (issue 41): where a word written in one
 * script meets the same word written in another.
 *   - `romanize`: a Devanagari word in Latin letters, as a Hinglish writer
 *     would spell it;
 *   - `soundKey`: the spellings Hinglish writers mix up made one, shared by
 *     Hinglish questions and a romanised copy of the Hindi pages: "paise",
 *     "paisa" and "पैसे" all become "pes"; "wapas", "vaapas" and "वापस"
 *     become "vapas";
 *   - `loanKey`: an English word and the same word written in Devanagari
 *     ("customer", "कस्टमर") brought to their consonants (ADR 0043).
 */

const VOWELS: Record<string, string> = {
  अ: "a",
  आ: "aa",
  इ: "i",
  ई: "ii",
  उ: "u",
  ऊ: "uu",
  ऋ: "ri",
  ए: "e",
  ऐ: "ai",
  ओ: "o",
  औ: "au",
  ऑ: "o",
};
const SIGNS: Record<string, string> = {
  "ा": "aa",
  "ि": "i",
  "ी": "ii",
  "ु": "u",
  "ू": "uu",
  "ृ": "ri",
  "े": "e",
  "ै": "ai",
  "ो": "o",
  "ौ": "au",
  "ॉ": "o",
};
const CONSONANTS: Record<string, string> = {
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "n",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
  क़: "k",
  ख़: "kh",
  ग़: "g",
  ज़: "z",
  ड़: "r",
  ढ़: "rh",
  फ़: "f",
};
const VIRAMA = "\u094D";
const NASAL = /[\u0901\u0902]/;

/** A Devanagari word in Latin letters, as a Hinglish writer would spell it: "कीमत" → "kiimat", "बेचते" → "bechte". */
export function romanize(word: string): string {
  const chars = [...word.normalize("NFC").replace(/\u093C/g, "")];
  // Syllables: a consonant (or none) and its vowel; `inherent` marks the unwritten "a".
  const units: { consonant: string; vowel: string; inherent: boolean }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const consonant = CONSONANTS[char];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      if (next === VIRAMA) {
        units.push({ consonant, vowel: "", inherent: false });
        i++;
      } else if (next !== undefined && SIGNS[next] !== undefined) {
        units.push({ consonant, vowel: SIGNS[next], inherent: false });
        i++;
      } else {
        units.push({ consonant, vowel: "a", inherent: true });
      }
    } else if (VOWELS[char] !== undefined) {
      units.push({ consonant: "", vowel: VOWELS[char], inherent: false });
    } else if (NASAL.test(char) && units.length > 0) {
      // Before p, b or m the nasal is said "m": नंबर is "number", कंप्यूटर "computer".
      units[units.length - 1]!.vowel += /^[pbm]/.test(CONSONANTS[chars[i + 1] ?? ""] ?? "") ? "m" : "n";
      units[units.length - 1]!.inherent = false;
    } else if (/[a-z0-9]/.test(char)) {
      units.push({ consonant: char, vowel: "", inherent: false });
    }
  }
  // Hindi drops the unwritten "a" at the end of a word, and between a vowel and
  // a consonant that has its own (schwa deletion, read from the right).
  const last = units[units.length - 1];
  if (last?.inherent && units.length > 1) last.vowel = "";
  for (let i = units.length - 2; i > 0; i--) {
    const unit = units[i]!;
    if (unit.inherent && units[i - 1]!.vowel !== "" && units[i + 1]!.consonant !== "" && units[i + 1]!.vowel !== "") unit.vowel = "";
  }
  return units.map((unit) => unit.consonant + unit.vowel).join("");
}

/**
 * The sound key of a Latin word: the spellings Hinglish writers mix up made one
 * (w/v, z/j, ph/f, aspirates, doubled letters, long vowels), and the last vowel
 * dropped, since it changes with number and gender (kitna, kitne, kitni).
 */
export function soundKey(latin: string): string {
  let key = latin
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/ph/g, "f")
    .replace(/([kgcjtdb])h/g, "$1")
    .replace(/sh/g, "s")
    .replace(/w/g, "v")
    .replace(/z/g, "j")
    .replace(/q/g, "k")
    .replace(/ck/g, "k")
    .replace(/ee|ii/g, "i")
    .replace(/oo|uu/g, "u")
    .replace(/ai|ae/g, "e")
    .replace(/au/g, "o")
    .replace(/(.)\1+/g, "$1");
  if (key.length > 3) key = key.replace(/[aeiouy]+$/, "");
  return key;
}

// ---------------------------------------------------------------------------
// The loan key (English words written in Devanagari)
// ---------------------------------------------------------------------------

/** English spellings and the sounds Hindi writes for them, most specific first. */
const SPELLING_TO_SOUND: [RegExp, string][] = [
  [/tion|sion/g, "shan"],
  [/ture/g, "cher"],
  [/^kn/, "n"],
  [/ph/g, "f"],
  [/ck/g, "k"],
  [/qu/g, "kv"],
  [/x/g, "ks"],
  [/dge/g, "j"],
  [/g(?=[eiy])/g, "j"],
  [/c(?=[eiy])/g, "s"],
  [/c(?!h)/g, "k"],
  // "download", "new": a w after a vowel is part of the vowel.
  [/([aeiou])w(?![aeiou])/g, "$1u"],
];

/**
 * The shape of a word as it sounds: its consonants, with a mark where vowels
 * come between them and one for a leading vowel. There an English word and
 * the same word written in Devanagari meet: "customer" and "कस्टमर" are both
 * "k.st.m.r", "discount" and "डिस्काउंट" "d.sk.nt". Hindi spells the sounds
 * and English the letters, so the English word is read aloud first
 * (`english`: c as k or s, g before e or i as j, "ture" as "cher", x as ks,
 * a final e silent); which vowels, the two scripts write differently, so only
 * where one is counts, and a final one or a plural's s not at all. The marks
 * keep apart words whose consonants alone would meet ("parents" "p.r.nt" and
 * प्रिंट "pr.nt", "first" and फ़ुर्सत). Empty under four consonants: a shorter
 * word meets others by chance.
 */
const MIN_LOAN_CONSONANTS = 4;

export function loanKey(latin: string, { english }: { english: boolean }): string {
  let sound = latin.toLowerCase().replace(/[^a-z]/g, "");
  if (english) {
    for (const [spelling, replacement] of SPELLING_TO_SOUND) sound = sound.replace(spelling, replacement);
    sound = sound.replace(/(?<=[^aeiou])e$/, "");
  }
  sound = sound
    .replace(/ph/g, "f")
    .replace(/([kgcjtdpb])h/g, "$1")
    .replace(/sh/g, "s")
    .replace(/w/g, "v")
    .replace(/z/g, "s")
    .replace(/(.)\1+/g, "$1");
  const lead = /^[aeiouy]/.test(sound) ? "a" : "";
  const shape = sound
    .replace(/^[aeiouy]+|[aeiouy]+$/g, "")
    .replace(/[aeiouy]+/g, ".")
    .replace(/(?<=.)\.?s$/, "");
  return shape.replace(/\./g, "").length >= MIN_LOAN_CONSONANTS ? lead + shape : "";
}
