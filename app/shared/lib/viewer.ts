/**
 * The signed-in visitor, as everything above the auth feature sees them: only
 * a session whose email is verified makes a viewer (spec section 4: an
 * unverified email is signed out). Resolved once per request by the request
 * context (app/request-context.server.ts) and given to the UI by the root loader.
 */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  /** Set by the root loader only: the account may use the operator console (the user menu links to it). */
  operator?: boolean;
}

/** The avatar letter: the first letter of the name, else of the email. */
export function initialOf(viewer: Pick<Viewer, "name" | "email">): string {
  const source = viewer.name.trim() || viewer.email;
  return (source[0] ?? "?").toUpperCase();
}
