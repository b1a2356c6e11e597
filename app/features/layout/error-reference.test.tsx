// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { hi } from "~/shared/i18n/messages.hi";
import { RequestIdProvider } from "~/shared/lib/request-id";
import { ErrorReference } from "./error-reference";

afterEach(cleanup);

describe("ErrorReference", () => {
  it("names the request the server rendered the error for, in the page's language", async () => {
    const Stub = createRoutesStub([
      { path: "/profile", Component: () => <ErrorReference /> },
      { path: "/hi/profile", loader: () => ({ i18n: { errors: hi.errors } }), HydrateFallback: () => null, Component: () => <ErrorReference /> },
    ]);
    render(
      <RequestIdProvider value="0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f">
        <Stub initialEntries={["/profile"]} />
      </RequestIdProvider>,
    );
    expect(screen.getByTestId("error-reference").textContent).toBe("Reference: 0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f");
    cleanup();
    render(
      <RequestIdProvider value="abc12345">
        <Stub initialEntries={["/hi/profile"]} />
      </RequestIdProvider>,
    );
    expect((await screen.findByTestId("error-reference")).textContent).toBe("संदर्भ: abc12345");
  });

  it("says nothing where no server request rendered it", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ErrorReference /> }]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getByTestId("error-reference").textContent).toBe("");
  });
});
