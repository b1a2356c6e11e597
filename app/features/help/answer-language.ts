/**
 * The language an answer is written in, where the asker did not say: a
 * question written in Devanagari is answered in Hindi, whatever the page's
 * language; any other in the page's (a Hinglish question on the Hindi page
 * is answered in Hindi, an English one on the English page in English).
 * Small and free of the index's machinery: the help panel's script uses it.
 */
export const DEVANAGARI = /[\u0900-\u097F]/;

export function answerLanguageFor(question: string, pageLanguage: "en" | "hi"): "en" | "hi" {
  return DEVANAGARI.test(question) ? "hi" : pageLanguage;
}
