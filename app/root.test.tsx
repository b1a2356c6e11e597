// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unavailableDocument } from "~/infra/http/dependency-failure.server";
import { DependencyUnavailableError } from "~/infra/db/unavailable";
import { hi } from "~/shared/i18n/messages.hi";
import { errorPageWords } from "~/shared/i18n/messages.server";
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

  // Thrown before the root loader ran (the request context's refusal, a dependency's 503): the answer brings the words.
  it("draws a Hindi page's 503, thrown before the root loader, in Hindi, shell included", async () => {
    const failed = new DependencyUnavailableError("database", "connection", { detail: "test" });
    const answer = unavailableDocument(500, { root: failed }, () => errorPageWords(new Request("http://localhost/hi/profile")))!;
    expect(answer.status).toBe(503);
    const body: unknown = await answer.json();
    const Stub = createRoutesStub([
      {
        path: "/hi/profile",
        Component: () => null,
        ErrorBoundary,
        loader: () => {
          throw data(body, { status: 503 });
        },
      },
    ]);
    render(<Stub initialEntries={["/hi/profile"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: hi.errors.unavailableTitle })).toBeTruthy();
    expect(screen.getByRole("banner").textContent).toContain(hi.nav.home);
  });

  it("carries no words for an English page", () => {
    expect(errorPageWords(new Request("http://localhost/profile"))).toEqual({});
  });
});
