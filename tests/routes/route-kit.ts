/**
 * Route tests: a loader or an action called with a real `Request`, the app's
 * real request context (root.tsx's middleware, request-context.server.ts) and
 * its real services on a fresh database (tests/routes/setup.ts), as React
 * Router calls it for a document request, a form post without JavaScript or a
 * fetcher. Epic Stack's `forgot-password.test.ts` is the model.
 *
 *   const answer = await callRoute(action, { path: "/feedback", form: { name: "Asha", … } });
 *   expect(answer.status).toBe(400);
 *   expect(answer.data).toMatchObject({ errors: { email: "…" } });
 *
 * `answer.data` is what the route returned or threw: the value of `data()`, a
 * plain object, or a Response's JSON or text. A redirect is `answer.location`.
 */
import { data as routeData, RouterContextProvider } from "react-router";
import { requestContextMiddleware } from "~/request-context.server";
import { requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import { createAccount, sessionCookieFor, type AccountOptions, type FixtureAccount, type FixtureAuth } from "../support/account-fixture";

export { accountRecordOf, FIXTURE_PASSWORD, freshEmail } from "../support/account-fixture";

/** The origin every test request comes from (tests/routes/setup.ts sets APP_URL to it). */
export const APP_URL = "http://localhost:3000";

// The class of `data()`'s value, found through the public function rather than an internal name.
const DataWithInit = routeData(null).constructor as new (...args: never[]) => { data: unknown; init: ResponseInit | null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every route's Route.LoaderArgs differs; the kit gives each what React Router would
type RouteFunction = (args: any) => unknown;

export interface RouteCall {
  /** Path and query, e.g. "/hi/auth?mode=sign-up". */
  path: string;
  /** GET unless a body is given (then POST). */
  method?: string;
  params?: Record<string, string | undefined>;
  /** A form post (urlencoded, as a browser without JavaScript sends it). */
  form?: Record<string, string | string[]>;
  json?: unknown;
  /** A raw body, with its content type in `headers`. */
  body?: string;
  /** The Cookie header (e.g. from `signIn()` or `answer.cookies`). */
  cookie?: string;
  headers?: Record<string, string>;
  /** The client's address (rate limits count per address); default 127.0.0.1. */
  ip?: string;
  /** The Origin of a write; APP_URL by default, null for none. */
  origin?: string | null;
  /**
   * A loader that runs after an action in the same request and context, as
   * React Router renders the page after a form posted without JavaScript;
   * the answer is then the loader's.
   */
  thenLoader?: RouteFunction;
}

export interface RouteAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** Where a redirect leads, or null. */
  location: string | null;
  data: T;
  /** The route threw its answer (a redirect, a 404, an error boundary's data). */
  thrown: boolean;
  /** The cookies the answer set, as a Cookie header for the next request. */
  cookies: string;
}

export function routeRequest(call: RouteCall): Request {
  const headers = new Headers(call.headers);
  if (call.cookie) headers.set("cookie", call.cookie);
  let body: string | undefined = call.body;
  if (call.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(call.form)) for (const one of [value].flat()) params.append(key, one);
    body = params.toString();
    headers.set("content-type", "application/x-www-form-urlencoded");
  } else if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers.set("content-type", "application/json");
  }
  const method = (call.method ?? (body === undefined ? "GET" : "POST")).toUpperCase();
  if (method !== "GET" && method !== "HEAD" && call.origin !== null && !headers.has("origin")) headers.set("origin", call.origin ?? APP_URL);
  return new Request(new URL(call.path, APP_URL), { method, headers, body });
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (value instanceof DataWithInit) return new Response(null, value.init ?? undefined);
  return new Response(null, { status: 200 });
}

async function valueOf(outcome: unknown): Promise<unknown> {
  if (outcome instanceof DataWithInit) return outcome.data;
  if (!(outcome instanceof Response)) return outcome;
  const text = await outcome.clone().text();
  if ((outcome.headers.get("content-type") ?? "").includes("json") && text) return JSON.parse(text);
  return text;
}

/** Calls a loader or an action the way React Router does, behind the app's request-context middleware. */
export async function callRoute<T = unknown>(route: RouteFunction | undefined, call: RouteCall): Promise<RouteAnswer<T>> {
  if (!route) throw new Error("this route module has no such function");
  const request = routeRequest(call);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { socketAddress: call.ip ?? "127.0.0.1" });
  const params = call.params ?? {};
  let outcome: unknown;
  let thrown = false;
  const settle = (value: unknown, didThrow: boolean) => {
    // A crash is a failed test, never an answer.
    if (value instanceof Error) throw value;
    outcome = value;
    thrown = didThrow;
    return asResponse(value);
  };
  let response: Response;
  try {
    response = (await requestContextMiddleware({ request, context, params, unstable_pattern: "" } as never, async () => {
      try {
        const acted = await route({ request, context, params });
        if (!call.thenLoader || acted instanceof Response) return settle(acted, false);
        return settle(await call.thenLoader({ request, context, params }), false);
      } catch (error) {
        return settle(error, true);
      }
    })) as Response;
  } catch (error) {
    // The middleware's own refusals (a cross-origin write) are thrown.
    response = settle(error, true);
  }
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get("location"),
    data: (await valueOf(outcome)) as T,
    thrown,
    cookies: response.headers
      .getSetCookie()
      .map((c: string) => c.split(";")[0]!)
      .join("; "),
  };
}

/** A verified account (or whatever `options` say), made through the app's stores in milliseconds. */
export async function makeAccount(options: AccountOptions = {}): Promise<FixtureAccount> {
  const { auth, database } = await services();
  return createAccount(auth as unknown as FixtureAuth, database.db, options);
}

/** The Cookie header of one more session of `userId`, made as the fixture makes one (no sign-in request: no sign-in hooks). */
export async function sessionFor(userId: string): Promise<string> {
  const { auth } = await services();
  return (await sessionCookieFor(auth as unknown as FixtureAuth, userId)).header;
}

/** A signed-in visitor: the account and the Cookie header of a fresh session. */
export async function signIn(options: AccountOptions = {}): Promise<FixtureAccount & { cookie: string }> {
  const account = await makeAccount(options);
  const { auth } = await services();
  const { header } = await sessionCookieFor(auth as unknown as FixtureAuth, account.id);
  return { ...account, cookie: header };
}

export interface OutboxMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** The links of its text, in order. */
  links: string[];
}

/** The mails the app queued for `email`, oldest first (no mail leaves: the outbox's worker is not started). */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const { database } = await services();
  const rows = await database.db
    .selectFrom("mail_outbox")
    .select(["kind", "subject", "text", "html"])
    .where("to_address", "=", email.toLowerCase())
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ ...row, links: [...row.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]) }));
}

/** The newest mail of `kind` to `email`; fails when there is none. */
export async function lastMail(email: string, kind: string): Promise<OutboxMail> {
  const mail = (await mailsTo(email)).filter((m) => m.kind === kind).at(-1);
  if (!mail) throw new Error(`no "${kind}" mail to ${email}`);
  return mail;
}

/** Cookie headers merged: later values of a name replace earlier ones. */
export function mergeCookies(...headers: Array<string | undefined>): string {
  const jar = new Map<string, string>();
  for (const header of headers) for (const pair of (header ?? "").split(/;\s*/).filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  return [...jar.values()].join("; ");
}
