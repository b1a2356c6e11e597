// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

afterEach(cleanup);

function Boom(): never {
  throw new Error("render failed");
}

describe("the root error boundary", () => {
  it("shows 'Something went wrong.' inside the normal header and footer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([{ path: "/", Component: Boom, ErrorBoundary }]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong." })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toContain("© 2024 Tuesday AI. All rights reserved.");
  });

  it("shows the not-found texts for a 404", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        ErrorBoundary,
        loader: () => {
          throw new Response(null, { status: 404 });
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! That page can't be found." })).toBeTruthy();
  });
});
