/**
 * What happens around Better Auth for every /api/auth/* request:
 *   before: rate limits by IP and email; verification links work once
 *   after:  the pending-verification cookie after a sign-up, or after a sign-in
 *           refused only because the email is unverified (the password was right)
 */
import type { Services } from "~/services.server";
import { RULES, type Rule } from "~/infra/rate-limit/rules";
import { tooManyRequests } from "~/infra/rate-limit/rate-limiter.server";
import { clearPendingCookieHeader, encodePending, pendingCookieHeader } from "./pending-verification.server";
import { normalizeEmail, readBody } from "./request-body.server";
import { hasSessionCookie } from "./cookie";
import { consumeOnce } from "./one-time-links.server";

const RULE_BY_PATH: Record<string, Rule> = {
  "/sign-in/email": RULES.signIn,
  "/sign-up/email": RULES.signUp,
  "/request-password-reset": RULES.passwordReset,
  "/reset-password": RULES.resetPassword,
  "/sign-in/social": RULES.socialSignIn,
};

/** Applies a rule: null when allowed, else the 429 response. */
export async function rateLimit(s: Services, rule: Rule, ip: string, email: string | undefined): Promise<Response | null> {
  const checks = [{ key: `${rule.name}:ip:${ip}`, limit: rule.ip }];
  if (rule.email && email) checks.push({ key: `${rule.name}:email:${email}`, limit: rule.email });
  const blocked = await s.limiter.hitAll(checks);
  return blocked ? tooManyRequests(blocked) : null;
}

function withCookie(response: Response, cookie: string): Response {
  const copy = new Response(response.body, response);
  copy.headers.append("Set-Cookie", cookie);
  return copy;
}

export async function handleAuthRequest(s: Services, request: Request, ip: string): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/auth/, "") || "/";
  const secure = s.env.appUrl.startsWith("https:");
  const isPost = request.method === "POST";

  const body = isPost ? await readBody(request) : {};
  const email = normalizeEmail(body.email);

  const rule = RULE_BY_PATH[path];
  if (rule && isPost) {
    const limited = await rateLimit(s, rule, ip, email);
    if (limited) return limited;
  }

  if (path === "/verify-email" && request.method === "GET") {
    const token = url.searchParams.get("token");
    if (token && !(await consumeOnce(s.database.db, token))) {
      const target = new URL(url.searchParams.get("callbackURL") || "/auth", s.env.appUrl);
      if (target.origin !== s.env.appOrigin) target.href = `${s.env.appUrl}/auth`;
      target.searchParams.set("error", "LINK_USED");
      return Response.redirect(target.toString(), 302);
    }
  }

  // The link in the account-deletion mail: Better Auth answers JSON errors; people get pages.
  if (path === "/delete-user/callback" && request.method === "GET") {
    if (!hasSessionCookie(request.headers.get("cookie"))) return Response.redirect(`${s.env.appUrl}/auth?error=DELETE_SIGN_IN`, 302);
    const answer = await s.auth.handler(request);
    if (answer.status >= 400) return Response.redirect(`${s.env.appUrl}/profile?error=DELETE_LINK`, 302);
    return answer;
  }

  const response = await s.auth.handler(request);

  if (path === "/sign-up/email" && response.status === 200) {
    const data = (await response.clone().json().catch(() => null)) as { user?: { id?: string; email?: string } } | null;
    if (data?.user?.id && data.user.email) {
      const pending = encodePending({ userId: data.user.id, email: data.user.email, attempts: 1, sentAt: Date.now() }, s.env.authSecret);
      return withCookie(response, pendingCookieHeader(pending, secure));
    }
  }

  if (path === "/sign-in/email" && response.status === 403 && email) {
    const data = (await response.clone().json().catch(() => null)) as { code?: string } | null;
    if (data?.code === "EMAIL_NOT_VERIFIED") {
      // Better Auth checks the password before the verified flag: this is the owner.
      const user = await s.database.db.selectFrom("user").select(["id", "email"]).where("email", "=", email).executeTakeFirst();
      if (user) {
        const pending = encodePending({ userId: user.id, email: user.email, attempts: 0, sentAt: 0 }, s.env.authSecret);
        return withCookie(response, pendingCookieHeader(pending, secure));
      }
    }
  }

  if (path === "/sign-in/email" && response.status === 200) return withCookie(response, clearPendingCookieHeader(secure));

  return response;
}
