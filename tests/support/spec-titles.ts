/**
 * The titles the spec fixes for the story, privacy and terms pages, written
 * once: the loaders' tests (app/routes/pages.test.ts) and the browser
 * (tests/e2e/visitor.spec.ts) check the same words. Kept apart from the
 * app's content on purpose: a test that read them from there would check
 * nothing.
 */

/** /story's ten cards, in order. */
export const STORY_TITLES = [
  "The Spark",
  "Faith",
  "Self-Taught",
  "Solo Beginnings",
  "Building the Platform",
  "Challenges",
  "Parents' Expectations",
  "The Mission",
  "Time Crunch",
  "Community Support",
] as const;

/** /privacy's six cards, in order. */
export const PRIVACY_TITLES = [
  "User Interactions",
  "Data Collection",
  "Technical Safeguards",
  "Cloud Infrastructure",
  "Legal Compliance",
  "Team Access",
] as const;

/** /terms' five cards, in order. */
export const TERMS_TITLES = ["Terms and Conditions", "User Accounts", "Products and Services", "Pricing and Payments", "Return and Refund Policy"] as const;
