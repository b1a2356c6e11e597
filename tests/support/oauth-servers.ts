/**
 * Local stand-ins for the identity providers, reached through the contract's
 * GOOGLE_ISSUER, GITHUB_URL and GITHUB_API_URL:
 *
 * - Google: oauth2-mock-server, a real OpenID provider (discovery, JWKS, RS256
 *   ID tokens, PKCE, nonce). It redirects back at once, as Google does for a
 *   signed-in user who consented before.
 * - GitHub: a small GitHub-compatible server with a consent page
 *   ("Authorize" / "Cancel"), the token endpoint and the REST endpoints
 *   /user, /user/emails, /user/{id}.
 *
 * Who signs in is set by the test through the control API, per app origin
 * (each test project has its own app server):
 *   POST {control}/identity?provider=google|github&for=<app origin>  body: Identity
 *   POST {control}/id-token  body: Identity  → { idToken }: a Google ID token for our client id
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

export interface Identity {
  sub: string;
  email: string;
  name?: string;
  /** GitHub only: the login name (used when name is empty). */
  login?: string;
  emailVerified?: boolean;
  /** The visitor refuses consent: the provider answers error=access_denied. */
  deny?: boolean;
  /** Google only: sign the ID token with a wrong nonce (the app must refuse it). */
  badNonce?: boolean;
}

export const OAUTH_CLIENT = {
  google: { id: "tuesday-google-client", secret: "google-test-secret" },
  github: { id: "tuesday-github-client", secret: "github-test-secret" },
};

export interface OAuthServers {
  googleIssuer: string;
  githubUrl: string;
  githubApiUrl: string;
  controlUrl: string;
  stop(): Promise<void>;
}

/** The app's environment for signing in through these stand-ins (both providers' client and addresses). */
export function oauthEnv(servers: OAuthServers): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: OAUTH_CLIENT.google.id,
    GOOGLE_CLIENT_SECRET: OAUTH_CLIENT.google.secret,
    GOOGLE_ISSUER: servers.googleIssuer,
    GITHUB_CLIENT_ID: OAUTH_CLIENT.github.id,
    GITHUB_CLIENT_SECRET: OAUTH_CLIENT.github.secret,
    GITHUB_URL: servers.githubUrl,
    GITHUB_API_URL: servers.githubApiUrl,
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
  });

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export async function startOAuthServers(googlePort: number, githubPort: number): Promise<OAuthServers> {
  const queued = new Map<string, Identity>(); // `${provider}|${appOrigin}` → next identity
  const take = (provider: string, redirectUri: string): Identity | undefined => {
    const key = `${provider}|${new URL(redirectUri).origin}`;
    const identity = queued.get(key);
    queued.delete(key);
    return identity;
  };

  // ---- Google (OpenID Connect) ----
  const google = new OAuth2Server();
  await google.issuer.keys.generate("RS256");
  const googleByCode = new Map<string, Identity>();
  const googleByToken = new Map<string, Identity>();
  google.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: IncomingMessage & { query: Record<string, string> }) => {
    const identity = take("google", req.query.redirect_uri ?? "http://unknown");
    const code = redirect.url.searchParams.get("code");
    if (identity?.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
    } else if (identity && code) googleByCode.set(code, identity);
  });
  google.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body: Record<string, string> }) => {
    const identity = req.body?.code ? googleByCode.get(req.body.code) : undefined;
    if (!identity) return;
    token.payload.sub = identity.sub;
    token.payload.email = identity.email;
    token.payload.email_verified = identity.emailVerified ?? true;
    if (identity.name !== undefined) token.payload.name = identity.name;
    if (identity.badNonce && "nonce" in token.payload) token.payload.nonce = "not-the-nonce-you-sent";
  });
  google.service.on("beforeResponse", (response: { body: Record<string, unknown> }, req: IncomingMessage & { body: Record<string, string> }) => {
    const identity = req.body?.code ? googleByCode.get(req.body.code) : undefined;
    if (identity && typeof response.body.access_token === "string") googleByToken.set(response.body.access_token, identity);
  });
  google.service.on("beforeUserinfo", (response: { body: Record<string, unknown> }, req: IncomingMessage) => {
    const token = req.headers.authorization?.replace(/^Bearer /i, "") ?? "";
    const identity = googleByToken.get(token);
    if (identity) response.body = { sub: identity.sub, email: identity.email, email_verified: identity.emailVerified ?? true, name: identity.name };
  });
  await google.start(googlePort, "localhost");
  const googleIssuer = `http://localhost:${googlePort}`;
  google.issuer.url = googleIssuer;

  // ---- GitHub ----
  const pendingCodes = new Map<string, { identity: Identity; challenge?: string; redirectUri: string }>();
  const tokens = new Map<string, Identity>();
  const numericId = (identity: Identity) => Number.parseInt(createHash("sha256").update(identity.sub).digest("hex").slice(0, 8), 16);
  const githubUser = (identity: Identity) => ({
    id: numericId(identity),
    login: identity.login ?? identity.sub,
    name: identity.name ?? null,
    email: null,
    avatar_url: `https://avatars.example/${identity.sub}`,
  });

  const github: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://localhost:${githubPort}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };

    // Control API (shared by both providers).
    // A Google ID token for our client id, as anyone signed in to the person's Google account can get one
    // (One Tap, or any page of Google's with our client id): signed by the issuer, audience ours.
    if (req.method === "POST" && url.pathname === "/__control/id-token") {
      const identity = JSON.parse(await readBody(req)) as Identity;
      const token = await google.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, {
            aud: OAUTH_CLIENT.google.id,
            sub: identity.sub,
            email: identity.email,
            email_verified: identity.emailVerified ?? true,
            ...(identity.name !== undefined ? { name: identity.name } : {}),
          });
        },
      });
      return json(200, { idToken: token });
    }
    if (req.method === "POST" && url.pathname === "/__control/identity") {
      const provider = url.searchParams.get("provider") ?? "google";
      const origin = new URL(url.searchParams.get("for") ?? "http://unknown").origin;
      queued.set(`${provider}|${origin}`, JSON.parse(await readBody(req)) as Identity);
      return json(200, { ok: true });
    }

    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== OAUTH_CLIENT.github.id) return json(400, { error: "bad client_id" });
      const identity = take("github", redirectUri);
      const state = url.searchParams.get("state") ?? "";
      if (!identity) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("No identity queued for this sign-in (tests must POST /__control/identity first).");
      }
      const code = randomUUID();
      pendingCodes.set(code, { identity, challenge: url.searchParams.get("code_challenge") ?? undefined, redirectUri });
      const approve = new URL(redirectUri);
      approve.searchParams.set("code", code);
      approve.searchParams.set("state", state);
      const cancel = new URL(redirectUri);
      cancel.searchParams.set("error", "access_denied");
      cancel.searchParams.set("state", state);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><title>Authorize application</title></head><body>
<main><h1>Authorize Tuesday AI</h1><p>Signed in to GitHub (test) as <strong>${esc(identity.login ?? identity.sub)}</strong>.</p>
<a href="${esc(approve.toString())}">Authorize</a> <a href="${esc(cancel.toString())}">Cancel</a></main></body></html>`);
    }

    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const raw = await readBody(req);
      const body = (req.headers["content-type"] ?? "").includes("json")
        ? (JSON.parse(raw) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      let clientId = body.client_id;
      let clientSecret = body.client_secret;
      const basic = req.headers.authorization?.match(/^Basic (.+)$/i)?.[1];
      if (basic) [clientId, clientSecret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent) as [string, string];
      if (clientId !== OAUTH_CLIENT.github.id || clientSecret !== OAUTH_CLIENT.github.secret) return json(401, { error: "incorrect_client_credentials" });
      const pending = body.code ? pendingCodes.get(body.code) : undefined;
      if (!pending) return json(400, { error: "bad_verification_code" });
      pendingCodes.delete(body.code!);
      if (pending.challenge) {
        const expected = createHash("sha256")
          .update(body.code_verifier ?? "")
          .digest("base64url");
        if (expected !== pending.challenge) return json(400, { error: "bad_verification_code", error_description: "PKCE mismatch" });
      }
      const token = `gho_${randomUUID().replace(/-/g, "")}`;
      tokens.set(token, pending.identity);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }

    if (req.method === "GET" && url.pathname.startsWith("/api/")) {
      const identity = tokens.get(req.headers.authorization?.replace(/^(Bearer|token) /i, "") ?? "");
      if (!identity) return json(401, { message: "Bad credentials" });
      if (url.pathname === "/api/user") return json(200, githubUser(identity));
      if (url.pathname === "/api/user/emails") return json(200, [{ email: identity.email, primary: true, verified: identity.emailVerified ?? true }]);
      const byId = /^\/api\/user\/(\d+)$/.exec(url.pathname);
      if (byId) return json(200, { id: Number(byId[1]), login: identity.login ?? identity.sub });
    }
    json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => github.listen(githubPort, () => resolve()));

  return {
    googleIssuer,
    githubUrl: `http://localhost:${githubPort}`,
    githubApiUrl: `http://localhost:${githubPort}/api`,
    controlUrl: `http://127.0.0.1:${githubPort}/__control`,
    stop: async () => {
      await google.stop();
      await new Promise<void>((r) => github.close(() => r()));
    },
  };
}
