// @vitest-environment node
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PasswordField, TextArea } from "./field";

// The fields read the page at hydration: on the server there is none (the build's prerender found a
// reference to a browser-only global here before this test did).
describe("the fields rendered on the server", () => {
  it("draw their default text and a hidden password", () => {
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <TextArea id="about" name="about" label="About" defaultValue="My about text" />
            <PasswordField id="pw" name="password" label="Password" />
          </>
        ),
      },
    ]);
    const html = renderToString(<Page />);
    expect(html).toContain(">My about text</textarea>");
    expect(html).toMatch(/<input id="pw" type="password"/);
  });
});
