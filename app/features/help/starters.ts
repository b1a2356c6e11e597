/**
 * Starter and follow-up questions (issue 41): a page asks about what it is
 * about (pricing about plans, privacy about data). The questions themselves
 * are words of the chat area (shared/i18n/catalog/chat.ts), so a Hindi page
 * carries them in Hindi.
 */
import type { chat } from "~/shared/i18n/catalog/chat";

export type StarterSet = keyof typeof chat.starters;

/** What a page is about, by its English path. */
export function starterSetOf(path: string): StarterSet {
  const bare = path.replace(/^\/hi(?=\/|$)/, "") || "/";
  if (/^\/pricing/.test(bare)) return "pricing";
  if (/^\/(privacy|cookie-policy|profile|license)/.test(bare)) return "privacy";
  if (/^\/terms/.test(bare)) return "pricing";
  if (/^\/(about|story|team|vision|community|contact)/.test(bare) || bare === "/" || bare === "/home") return "company";
  if (/^\/(product|features|coming-soon|waitlist)/.test(bare)) return "products";
  if (/^\/blog/.test(bare)) return "blog";
  return "general";
}

/** The starter set an answer's topic leads on to. */
export function starterSetOfTopic(topic: string): StarterSet {
  switch (topic) {
    case "pricing":
    case "billing":
      return "pricing";
    case "privacy":
    case "cookies":
    case "account":
      return "privacy";
    case "company":
    case "community":
      return "company";
    case "products":
      return "products";
    case "blog":
      return "blog";
    default:
      return "general";
  }
}

function same(a: string, b: string): boolean {
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return key(a) === key(b);
}

/** Two or three questions to ask next, in the language's words, without the one just asked. */
export function followUpsFrom(starters: Record<StarterSet, string[]>, topic: string, asked = ""): string[] {
  return starters[starterSetOfTopic(topic)].filter((q) => !same(q, asked)).slice(0, 3);
}
