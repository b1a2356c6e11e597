/**
 * Words for Ask Tuesday's index and questions (issue 41): the same rules for
 * both, so that a question's words meet the pages' words.
 *
 * The keys of words as written, one per index field:
 *   - English: lower case, a light suffix rule ("plans" and "plan" meet);
 *   - Hindi (Devanagari): nukta and chandrabindu folded, so that "क़ीमत" and
 *     "कीमत", "कहाँ" and "कहां" meet.
 * The keys of words as they sound, across scripts, are in sounds.ts.
 *
 * Words are cut by Intl.Segmenter, which keeps Devanagari words whole (a
 * regular expression over \w cuts them at every vowel sign).
 */

import { DEVANAGARI } from "./answer-language";

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * A plain word between punctuation ("plans.", "(INR)", "“quoted”"): the
 * segmenter would give the word alone, so it is taken without asking it. Not
 * the connector "_", which the segmenter keeps inside a word ("_foo").
 */
const PUNCTUATED_WORD = /^[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Pd}\p{Po}]*([\p{L}\p{M}\p{N}]+)[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Pd}\p{Po}]*$/u;

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
    const inner = PUNCTUATED_WORD.exec(token)?.[1];
    if (inner) {
      out.push(inner.toLowerCase());
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
// Words that carry no subject
// ---------------------------------------------------------------------------

/** Function words and question words of the three ways of asking; the subject is in what is left. */
export const STOPWORDS = new Set(
  [
    // English
    "a an the is are was were be been am do does did done can could would should will shall may might must i me my mine we us our you your yours it its this that these those there here what whats what's which who whom whose when where why how of in on at to for from by with about as into than then so and or but if not no yes any some all get got have has had please tell know want like just also there's it's i'm let",
    // Hinglish
    "kya kyaa hai hain h he ho hoon hun hu hota hoti hote tha thi the ka ki ke ko se me mein mai main mera meri mere mujhe apna apni apne aap ap aapka aapki aapke tum tumhara kaise kese kaisa kaisi kaun kon kaunsa kaunsi konsa si sa kab kahan kaha kahaan kidhar kyu kyun kyon kitna kitne kitni kar karu karun kare karein karna karte karta karti sakte sakta sakti raha rahe rahi hi bhi to na nahi nahin ye yeh wo woh yah vo ek koi kuch aur ya par pe liye lie jo hoga hogi honge milega milegi milenge batao bataiye samjhao samjhaiye chahiye bare baare dikhate dikhata dikhti dikhana milta milti milte deta dete deti leta lete leti aayega aayegi ayega ayegi aaega aaegi aapse aapko aapne usse uska uski uske iska iski iske ise isse hum humein hame hamara hamari hamare humara humari humare mujhse jata jati jate jayega jayegi hua hui hue wala wale wali dekhta dekhti dekhte paas sath saath kiska kiski kiske kisne",
    // Hindi
    "क्या है हैं था थी थे का की के को से में मैं मेरा मेरी मेरे अपना अपनी अपने आप आपका आपकी आपके तुम कैसे कैसा कैसी कौन कौनसा कब कहां कहाँ क्यों कितना कितने कितनी कर करूं करूँ करें करना करते करता करती सकता सकती सकते रहा रहे रही ही भी तो न नहीं यह ये वह वो एक कोई कुछ और या पर लिए जो होता होती होते हो होगा होगी होंगे मिलेगा मिलेगी मिलेंगे गई गया गए लेने लेना दिखाते दिखाता दिखाती मिलता मिलती मिलते देते देता देती लेते लेता लेती बताइए बताओ समझाइए चाहिए सी सा हूं हूँ बारे बारा आपसे आपको आपने उसका उसकी उसके उसे उससे इसका इसकी इसके इसे इससे इस उस हम हमें हमारा हमारी हमारे हमसे मुझसे मुझे मैंने जाता जाती जाते जाएगा जाएगी जाएंगे जाएँगे जा जाए हुआ हुई हुए वाला वाले वाली आएगा आएगी आएंगे आएँगे आया आई आईं आए देखता देखती देखते पास साथ किसका किसकी किसके किसने",
  ]
    .join(" ")
    .split(/\s+/),
);

/** The product's own names: in almost every page, so they tell nothing about which. */
export const BRAND_WORDS = new Set(["tuesday", "ai", "labs", "site", "website", "टीम्यूजडे", "ट्यूज़डे", "ट्यूजडे"]);

export function isSubjectWord(word: string): boolean {
  return !STOPWORDS.has(word) && !BRAND_WORDS.has(word) && !/^\d+$/.test(word);
}
