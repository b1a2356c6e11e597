/** /site.webmanifest: the web app manifest from the site's configuration. */
import { expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { loader } from "./site.webmanifest";

test("names the product, its icons and where it starts, as a manifest", async () => {
  const answer = await callRoute<Record<string, unknown>>(loader, { path: "/site.webmanifest" });
  expect(answer.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
  // Its content type names JSON: the kit reads it as such.
  const manifest = answer.data;
  expect(manifest).toMatchObject({ name: "Tuesday AI", short_name: "Tuesday AI", start_url: "/", display: "standalone" });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([expect.objectContaining({ src: "/favicon.svg" }), expect.objectContaining({ src: "/apple-touch-icon.png", sizes: "180x180" })]),
  );
});
