// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { hi } from "~/shared/i18n/messages.hi";
import { INTERESTS } from "./interests";
import { WaitlistForm } from "./waitlist-form";

afterEach(cleanup);

describe("WaitlistForm on a Hindi page", () => {
  it("posts to /hi/waitlist and checks in Hindi", async () => {
    const Stub = createRoutesStub([
      {
        path: "/hi/pricing",
        // The root's loader carries the shell's areas in Hindi.
        loader: () => ({ i18n: { waitlist: hi.waitlist } }),
        HydrateFallback: () => null,
        Component: () => <WaitlistForm interests={INTERESTS} source="/pricing" viewer={null} />,
      },
    ]);
    render(<Stub initialEntries={["/hi/pricing"]} />);
    const submit = await screen.findByRole("button", { name: hi.waitlist.submit });
    expect(document.querySelector("form")!.getAttribute("action")).toBe("/hi/waitlist");
    fireEvent.click(submit);
    expect(await screen.findByText(hi.waitlist.emailMissing)).toBeTruthy();
  });

  it("posts to /waitlist from an English page", () => {
    const Stub = createRoutesStub([{ path: "/pricing", Component: () => <WaitlistForm interests={INTERESTS} source="/pricing" viewer={null} /> }]);
    render(<Stub initialEntries={["/pricing"]} />);
    expect(document.querySelector("form")!.getAttribute("action")).toBe("/waitlist");
  });
});
