/** The signed-in, verified visitor as the UI sees them (root loader data). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/** The avatar letter: the first letter of the name, else of the email. */
export function initialOf(user: Pick<SessionUser, "name" | "email">): string {
  const source = user.name.trim() || user.email;
  return (source[0] ?? "?").toUpperCase();
}
