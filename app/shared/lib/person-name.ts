/**
 * A person's display name, as sign-up, the profile and the mails use it: at
 * most 100 characters, no control characters, inner whitespace collapsed. One
 * rule for the sign-up form, Better Auth's API and the profile (issue 22).
 */
export const NAME_MAX_LENGTH = 100;

export const NAME_TOO_LONG = `Name must be at most ${NAME_MAX_LENGTH} characters.`;

/** Control characters (C0, DEL, C1) and the bidirectional overrides that could reorder a mail's or a page's text. */
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function cleanName(raw: string): string {
  return raw.replace(UNWANTED, " ").replace(/\s+/g, " ").trim();
}

/** The name of someone who gave none: the address's local part, as the spec's sign-up did. */
export function nameFromEmail(email: string): string {
  return cleanName(email.split("@")[0] ?? "") || email;
}
