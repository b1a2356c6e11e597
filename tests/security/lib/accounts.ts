/**
 * What the issue-38 findings' tests do as a browser would, over HTTP: a
 * cookie jar, Google and GitHub sign-ins through the stand-ins' real
 * protocols (authorize, consent, callback), and an account with two-factor on.
 */
import { call, type CallOptions, freshIp, mailsTo, type Server, signIn, type User } from "../../reliability/lib/harness.ts";
import { type Authenticator, authenticatorFor } from "../../support/authenticator.ts";
import type { Identity } from "../../support/oauth-servers.ts";
import type { Target } from "./suite.ts";

/** Cookies as a browser keeps them: set, replaced and expired by each answer. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(suffix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith(suffix));
  }

  clear(suffix: string): void {
    for (const name of [...this.cookies.keys()]) if (name.endsWith(suffix)) this.cookies.delete(name);
  }
}

/** A request with the jar's cookies whose answer's cookies go back into the jar. */
export async function browse(server: Server, jar: CookieJar, method: string, pathname: string, body?: unknown, opts: CallOptions = {}): Promise<Response> {
  const res = await call(server, method, pathname, body, { ...opts, cookie: jar.header() || undefined });
  jar.take(res);
  return res;
}

async function control(target: Target, what: string, query: string, body: unknown): Promise<Response> {
  const res = await fetch(`${target.oauthControl}/${what}${query}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`the OAuth stand-in's ${what} answered ${res.status}`);
  return res;
}

/** A Google ID token for our client id, as anyone signed in to that Google account can get one. */
export async function googleIdToken(target: Target, identity: Identity): Promise<string> {
  return ((await (await control(target, "id-token", "", identity)).json()) as { idToken: string }).idToken;
}

/**
 * Signs in with Google or GitHub as `identity` in the jar's browser: the app's
 * redirect to the provider, the provider's consent, the callback. The
 * callback's answer (a redirect: where the app sends the browser next).
 */
export async function providerSignIn(
  server: Server,
  target: Target,
  jar: CookieJar,
  provider: "google" | "github",
  identity: Identity,
  link = false,
  /** What happens in the browser while it is at the provider (a session that ends meanwhile). */
  meanwhile?: (jar: CookieJar) => void,
): Promise<Response> {
  await control(target, "identity", `?provider=${provider}&for=${encodeURIComponent(server.origin)}`, identity);
  const start = link
    ? await browse(server, jar, "POST", "/api/auth/link-social", {
        provider,
        callbackURL: "/profile/security?connected=1",
        errorCallbackURL: "/profile/security?connect-error=1",
        disableRedirect: true,
      })
    : await browse(server, jar, "POST", "/api/auth/sign-in/social", {
        provider,
        callbackURL: "/auth/complete",
        errorCallbackURL: "/auth/complete?error=1",
        disableRedirect: true,
      });
  if (start.status !== 200) throw new Error(`starting the ${provider} sign-in answered ${start.status}: ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  let callback: string;
  if (provider === "google") {
    const consent = await fetch(url, { redirect: "manual" });
    callback = consent.headers.get("location") ?? "";
  } else {
    const page = await (await fetch(url)).text();
    callback = (/href="([^"]+)">Authorize</.exec(page)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  if (!callback.startsWith(server.origin)) throw new Error(`the provider did not send the browser back: ${callback}`);
  meanwhile?.(jar);
  return browse(server, jar, "GET", callback.slice(server.origin.length), undefined, { origin: null });
}

/** The value of a redirect's last `error` parameter (Better Auth appends its code to the error page's own), if any. */
export function redirectError(res: Response): string | null {
  const location = res.headers.get("location");
  return location ? (new URL(location, "http://x").searchParams.getAll("error").at(-1) ?? null) : null;
}

/** An authenticator app holding the secret of an otpauth URI. */
export { authenticatorFor };

/** The code after the current one: valid now too (one step of drift), and not used yet. */
export const nextCode = (app: Authenticator, steps = 1) => app.code(steps);

/** Turns two-factor on for a signed-in, fresh session (the jar's): its authenticator and backup codes. */
export async function turnOnTwoFactor(server: Server, jar: CookieJar, password: string): Promise<{ app: Authenticator; backupCodes: string[] }> {
  const enabled = await browse(server, jar, "POST", "/api/auth/two-factor/enable", { password });
  if (enabled.status !== 200) throw new Error(`two-factor/enable answered ${enabled.status}: ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const app = authenticatorFor(totpURI);
  const confirmed = await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code: await app.code() });
  if (confirmed.status !== 200) throw new Error(`two-factor/verify-totp answered ${confirmed.status}: ${await confirmed.text()}`);
  return { app, backupCodes };
}

/** A signed-in browser of `user`. */
export async function signedInJar(server: Server, user: User): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await call(server, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password, rememberMe: true });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} answered ${res.status}`);
  jar.take(res);
  return jar;
}

/** Every verification link mailed to `email` so far, oldest first. */
export async function verificationLinks(server: Server, email: string): Promise<string[]> {
  const mails = (await mailsTo(server, email)).filter((m) => /verify/i.test(m.subject)).reverse();
  return mails.flatMap((m) => m.links.filter((l) => l.includes("/api/auth/verify-email")).slice(0, 1));
}

/** Waits until `email` has received `count` verification links; all of them, oldest first. */
export async function waitForVerificationLinks(server: Server, email: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const links = await verificationLinks(server, email);
    if (links.length >= count) return links;
    if (Date.now() > deadline) throw new Error(`${email} got ${links.length} verification links, not ${count}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { freshIp, signIn };
