/**
 * Better Auth's own client (better-auth/client) against /api/auth, as an app
 * built on the library would use it: sign up, the mandatory verification,
 * sign in, read the session, sign out. Its requests go to the route's real
 * loader and action (through the route kit), not over the network.
 */
import { createAuthClient } from "better-auth/client";
import { expect, test } from "vitest";
import { APP_URL, callRoute, freshEmail, lastMail } from "../../../tests/routes/route-kit";
import { action, loader } from "./auth";

/** The client's fetch, answered by the /api/auth route as React Router would call it. */
async function routeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  const answer = await callRoute(request.method === "GET" || request.method === "HEAD" ? loader : action, {
    path: `${url.pathname}${url.search}`,
    method: request.method,
    body,
    headers: Object.fromEntries(request.headers),
    ip: "10.99.0.1",
  });
  const headers = new Headers(answer.headers);
  const text =
    answer.data === undefined || answer.data === null
      ? headers.get("content-type")?.includes("json")
        ? "null"
        : ""
      : typeof answer.data === "string"
        ? answer.data
        : JSON.stringify(answer.data);
  if (!headers.has("content-type") && typeof answer.data === "object") headers.set("content-type", "application/json");
  return new Response(answer.status === 204 || answer.status === 302 ? null : text, { status: answer.status, headers });
}

test("createAuthClient signs up, is refused until verified, signs in, reads the session and signs out", async () => {
  const client = createAuthClient({ baseURL: `${APP_URL}/api/auth`, fetchOptions: { customFetchImpl: routeFetch, headers: { origin: APP_URL } } });
  const email = freshEmail("client");
  const password = "client-pass-77";

  // The sign-up's cookie (this browser's pending sign-up): the verification link keeps the password where it is opened with it.
  let pending = "";
  const up = await client.signUp.email(
    { email, password, name: "Client User" },
    {
      onResponse: ({ response }) =>
        void (pending = response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ")),
    },
  );
  expect(up.error).toBeNull();
  expect(up.data?.user.email).toBe(email);
  // Verification is mandatory: before it, sign-in is refused with Better Auth's own code.
  const early = await client.signIn.email({ email, password });
  expect(early.error?.status).toBe(403);
  expect(early.error?.code).toBe("EMAIL_NOT_VERIFIED");
  const link = new URL((await lastMail(email, "verification")).links.find((l) => l.includes("/api/auth/verify-email"))!);
  expect(pending).toContain("pending_verification");
  expect((await callRoute(loader, { path: `${link.pathname}${link.search}`, cookie: pending, ip: "10.99.0.1" })).status).toBe(302);

  let cookie = "";
  const signedIn = await client.signIn.email({
    email,
    password,
    fetchOptions: {
      onResponse: ({ response }) => {
        cookie = response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
      },
    },
  });
  expect(signedIn.error).toBeNull();
  expect(cookie).toContain("tuesday.session_token=");

  const session = await client.getSession({ fetchOptions: { headers: { cookie } } });
  expect(session.data?.user.email).toBe(email);

  const out = await client.signOut({ fetchOptions: { headers: { cookie } } });
  expect(out.error).toBeNull();
  const after = await client.getSession({ fetchOptions: { headers: { cookie } } });
  expect(after.data).toBeNull();
});
