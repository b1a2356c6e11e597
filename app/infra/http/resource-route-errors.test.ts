/**
 * The API's refusals through React Router's own resource-route handling,
 * which the route kit (tests/routes/route-kit.ts) skips: a refusal thrown as
 * `data()` (requireApiKey, requireViewer, requireOwner) reaches the client as
 * the API's one error shape (infra/http/api-error.ts); a method a route has
 * no function for would be React Router's own shape, so every API route
 * answers every method itself (routes/api/*.ts).
 */
import { createRequestHandler, data, RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { apiErrorSchema } from "~/infra/http/api-error";
import { requireApiKey } from "~/infra/security/api-key.server";

function handlerFor(loader: (args: { request: Request }) => unknown) {
  const build = {
    entry: { module: { default: () => new Response("a page", { headers: { "Content-Type": "text/html" } }), handleError: () => {} } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/api/thing": { id: "routes/api/thing", parentId: "root", path: "api/thing", module: { loader } },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
    appDirectory: "app",
  };
  const handle = createRequestHandler(build as never, "production");
  return (headers: Record<string, string> = {}, method = "GET") =>
    handle(new Request("http://localhost/api/thing", { method, headers }), new RouterContextProvider() as never);
}

describe("a refusal of a resource route, as React Router sends it", () => {
  test("requireApiKey's 401 is the API's error shape", async () => {
    const handle = handlerFor(({ request }) => {
      requireApiKey(request, "the-key");
      return Response.json({ ok: true });
    });
    const refused = await handle();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toContain("application/json");
    const body: unknown = await refused.json();
    expect(apiErrorSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect(body).toEqual({ success: false, message: "Missing or invalid API key (header x-api-key)." });
    expect((await handle({ "x-api-key": "the-key" })).status).toBe(200);
  });

  test("a thrown data() is sent as its body", async () => {
    const handle = handlerFor(() => {
      throw data({ success: false, message: "Sign in to use this API." }, { status: 401 });
    });
    const refused = await handle();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, message: "Sign in to use this API." });
  });

  test("a method the route has no function for is not the API's shape: the routes answer it themselves", async () => {
    const handle = handlerFor(() => Response.json({ ok: true }));
    const post = await handle({}, "POST");
    expect(post.status).toBe(405);
    expect(apiErrorSchema.safeParse(await post.json()).success).toBe(false);
  });
});
