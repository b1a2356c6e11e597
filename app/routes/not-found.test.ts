/** Any path no route knows: the not-found page, with HTTP 404 (its words are the view's: features/layout/not-found-view). */
import { expect, test } from "vitest";
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "~/features/layout/not-found-view";
import { callRoute } from "../../tests/routes/route-kit";
import { loader, meta } from "./not-found";

test("an unknown path answers 404", async () => {
  const answer = await callRoute(loader, { path: "/this/page/does-not-exist" });
  expect(answer.status).toBe(404);
  expect(answer.data).toBeNull();
});

test("the page's words and its title, which keeps it out of search engines", () => {
  expect(NOT_FOUND_TITLE).toBe("Oops! That page can't be found.");
  expect(NOT_FOUND_TEXT).toBe(
    "It looks like nothing was found at this location. Maybe try one of the links in the menu or press back to go to the previous page.",
  );
  const tags = meta({ matches: [], data: null, loaderData: null, params: {}, location: { pathname: "/nope" } } as never);
  expect(tags).toEqual([{ title: expect.stringMatching(/\| Tuesday AI$/) }, { name: "robots", content: "noindex" }]);
});
