/**
 * Who is signed in. Only a session whose user has a verified email counts
 * (spec section 4: an unverified email is signed out).
 */
import { services } from "~/services.server";
import { hasSessionCookie } from "./cookie";
import type { SessionUser } from "./session-user";

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const { auth } = await services();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session?.user.emailVerified) return null;
  return { id: session.user.id, name: session.user.name, email: session.user.email };
}
