/**
 * One error system for every form (issue 22): a form's check is a plain
 * function from its fields to `FieldErrors`, shared by the page (run before
 * a post, so the error appears at once) and the route action (the only
 * check that counts, and the one a post without JavaScript gets). Both put
 * the same message in the same field's slot.
 *
 * Plain functions rather than zod schemas in the browser: the checks are a
 * few lines each, and zod would add ~13 KB gzip to every form's chunk
 * (docs/decisions/0027-one-error-system.md). The server still parses types
 * with zod where it did.
 */

/** Field name → the message its slot shows. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** What a check reads: the browser's FormData or the server's parsed body. */
export type FieldSource = FormData | Record<string, unknown>;

/** A text field's value ("" when absent or not text: a file, a JSON number…). */
export function textOf(source: FieldSource, name: string): string {
  const value = source instanceof FormData ? source.get(name) : source[name];
  return typeof value === "string" ? value : "";
}

export function hasFieldErrors(errors: FieldErrors | undefined): boolean {
  return Boolean(errors && Object.values(errors).some(Boolean));
}

/**
 * An email address as most services accept it: a local part without leading,
 * trailing or doubled dots, an @, and a domain with a dot and a 2+ letter TLD.
 * (The same shape as zod's default email check.)
 */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
