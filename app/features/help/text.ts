/**
 * Words for Ask Tuesday's index and questions (issue 41): the same rules for
 * both, so that a question's words meet the pages' words.
 *
 * Three spaces of words, one per index field:
 *   - English: lower case, a light suffix rule ("plans" and "plan" meet);
 *   - Hindi (Devanagari): nukta and chandrabindu folded, so that "क़ीमत" and
 *     "कीमत", "कहाँ" and "कहां" meet;
 *   - a sound key of the Latin letters, shared by Hinglish questions and a
 *     romanised copy of the Hindi pages: "paise", "paisa" and "पैसे" all
 *     become "pes"; "wapas", "vaapas" and "वापस" become "vapas".
 *
 * Words are cut by Intl.Segmenter, which keeps Devanagari words whole (a
 * regular expression over \w cuts them at every vowel sign).
 */

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

const DEVANAGARI = /[\u0900-\u097F]/;

const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * The words of a text, lower-cased, in order. Cut at spaces first: a plain
 * word is taken as it is and only the rest ("non-refundable", "(INR)",
 * "कौन-सी") goes through the segmenter, which on a whole long text costs
 * more than linear time (a blog's 120,000 characters: 16 s in one call).
 */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.normalize("NFC").split(/\s+/)) {
    if (!token) continue;
    if (PLAIN_WORD.test(token)) {
      out.push(token.toLowerCase());
      continue;
    }
    for (const part of segmenter.segment(token)) {
      if (!part.isWordLike) continue;
      const word = part.segment.toLowerCase().replace(/[\u200c\u200d]/g, "");
      if (word) out.push(word);
    }
  }
  return out;
}

export function isDevanagari(word: string): boolean {
  return DEVANAGARI.test(word);
}

/** A text's script decides its language when the asker does not say (contract: `lang` defaults to the question's script). */
export function scriptLanguage(text: string): "en" | "hi" {
  return DEVANAGARI.test(text) ? "hi" : "en";
}

// ---------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------

/** A light suffix rule, enough for a search box: plural and verb endings. */
export function englishKey(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

// ---------------------------------------------------------------------------
// Hindi
// ---------------------------------------------------------------------------

/** Spelling variants that mean the same word: nukta dropped, chandrabindu as anusvara. */
export function hindiKey(word: string): string {
  const folded = word.replace(/\u093C/g, "").replace(/\u0901/g, "\u0902");
  // Plural and oblique endings, only on words long enough to keep a stem.
  // Verb endings too ("हटाऊं", "हटाना", "हटाते", "हटाएंगे" → "हट"), so the forms of a verb meet.
  for (const ending of [
    "ाएंगे",
    "ाएगा",
    "ाएगी",
    "एंगे",
    "एगा",
    "एगी",
    "ियों",
    "ियां",
    "ाएं",
    "ाओं",
    "ाऊं",
    "ेंगे",
    "ेगा",
    "ेगी",
    "ाना",
    "ाते",
    "ाती",
    "ाता",
    "ों",
    "ें",
    "ीं",
    "ूं",
    "ना",
    "ते",
    "ती",
    "ता",
  ]) {
    if (folded.endsWith(ending) && folded.length - ending.length >= 2) return folded.slice(0, -ending.length);
  }
  return folded;
}

// ---------------------------------------------------------------------------
// The sound key (Hinglish and romanised Hindi)
// ---------------------------------------------------------------------------

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
      units[units.length - 1]!.vowel += "n";
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
 * The consonants of a word as it sounds, with one mark for a leading vowel:
 * where an English word and the same word written in Devanagari meet
 * ("customer" and "कस्टमर" are both "kstmr", "discount" and "डिस्काउंट"
 * "dsknt"). Hindi spells the sounds and English the letters, so the English
 * word is read aloud first (`english`: c as k or s, g before e or i as j,
 * "ture" as "cher", x as ks); vowels, which the two write differently, are
 * dropped, and a plural's s. Empty when fewer than four consonants are left:
 * a shorter key meets other words by chance ("felt" and फ्लाइट, "flt").
 */
const MIN_LOAN_CONSONANTS = 4;

export function loanKey(latin: string, { english }: { english: boolean }): string {
  let sound = latin.toLowerCase().replace(/[^a-z]/g, "");
  if (english) for (const [spelling, replacement] of SPELLING_TO_SOUND) sound = sound.replace(spelling, replacement);
  sound = sound
    .replace(/ph/g, "f")
    .replace(/([kgcjtdpb])h/g, "$1")
    .replace(/sh/g, "s")
    .replace(/w/g, "v")
    .replace(/z/g, "s");
  const lead = /^[aeiouy]/.test(sound) ? "a" : "";
  // A plural's s ("updates", "फीचर्स") is dropped on both sides.
  const consonants = sound
    .replace(/[aeiouy]+/g, "")
    .replace(/(.)\1+/g, "$1")
    .replace(/(..)s$/, "$1");
  return consonants.length >= MIN_LOAN_CONSONANTS ? lead + consonants : "";
}

// ---------------------------------------------------------------------------
// Words that carry no subject
// ---------------------------------------------------------------------------

/** Function words and question words of the three ways of asking; the subject is in what is left. */
export const STOPWORDS = new Set(
  [
    // English
    "a an the is are was were be been am do does did done can could would should will shall may might must i me my mine we us our you your yours it its this that these those there here what whats what's which who whom whose when where why how of in on at to for from by with about as into than then so and or but if not no yes any some all get got have has had please tell know want like just also there's it's i'm let",
    // Hinglish
    "kya kyaa hai hain h he ho hota hoti hote tha thi the ka ki ke ko se me mein mai main mera meri mere apna apni apne aap ap aapka aapki aapke tum tumhara kaise kese kaisa kaisi kaun kon kaunsa kaunsi konsa si sa kab kahan kaha kahaan kidhar kyu kyun kyon kitna kitne kitni kar karu karun kare karein karna karte karta karti sakte sakta sakti raha rahe rahi hi bhi to na nahi nahin ye yeh wo woh yah vo ek koi kuch aur ya par pe liye lie jo hoga hogi honge milega milegi milenge batao bataiye samjhao samjhaiye chahiye bare baare dikhate dikhata dikhti dikhana milta milti milte deta dete deti leta lete leti aayega aayegi ayega ayegi aaega aaegi aapse aapko aapne usse uska uski uske iska iski iske ise isse hum humein hame hamara hamari hamare humara humari humare mujhse jata jati jate jayega jayegi hua hui hue wala wale wali dekhta dekhti dekhte paas sath saath kiska kiski kiske kisne",
    // Hindi
    "क्या है हैं था थी थे का की के को से में मैं मेरा मेरी मेरे अपना अपनी अपने आप आपका आपकी आपके तुम कैसे कैसा कैसी कौन कौनसा कब कहां कहाँ क्यों कितना कितने कितनी कर करूं करूँ करें करना करते करता करती सकता सकती सकते रहा रहे रही ही भी तो न नहीं यह ये वह वो एक कोई कुछ और या पर लिए जो होता होती होते हो होगा होगी होंगे मिलेगा मिलेगी मिलेंगे गई गया गए लेने लेना दिखाते दिखाता दिखाती मिलता मिलती मिलते देते देता देती लेते लेता लेती बताइए बताओ समझाइए चाहिए सी सा हूं हूँ बारे बारा आपसे आपको आपने उसका उसकी उसके उसे उससे इसका इसकी इसके इसे इससे इस उस हम हमें हमारा हमारी हमारे हमसे मुझसे मैंने जाता जाती जाते जाएगा जाएगी जाएंगे जाएँगे जा जाए हुआ हुई हुए वाला वाले वाली आएगा आएगी आएंगे आएँगे आया आई आईं आए देखता देखती देखते पास साथ किसका किसकी किसके किसने",
  ]
    .join(" ")
    .split(/\s+/),
);

/** The product's own names: in almost every page, so they tell nothing about which. */
export const BRAND_WORDS = new Set(["tuesday", "ai", "labs", "site", "website", "टीम्यूजडे", "ट्यूज़डे", "ट्यूजडे"]);

export function isSubjectWord(word: string): boolean {
  return !STOPWORDS.has(word) && !BRAND_WORDS.has(word) && !/^\d+$/.test(word);
}
