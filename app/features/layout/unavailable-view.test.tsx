import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { UnavailableView } from "./unavailable-view";

const tryAgainHref = (url: string) => {
  const Page = createRoutesStub([{ path: "*", Component: UnavailableView }]);
  const html = renderToString(<Page initialEntries={[url]} />);
  return /<a href="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
};

it("'Try again' asks for the same page again", () => {
  expect(tryAgainHref("/profile/security?tab=2")).toBe("/profile/security?tab=2");
});

it("'Try again' on a path that starts with '//' stays on this site", () => {
  expect(tryAgainHref("//evil.example/x?y=1")).toBe("/evil.example/x?y=1");
});
