import { describe, expect, it } from "vitest";
import { switchTarget } from "./language-switch";

describe("switchTarget (where the language link leads)", () => {
  it("keeps the page and its view where there is a twin", () => {
    expect(switchTarget("/pricing", "")).toEqual({ to: "/hi/pricing", other: "hi" });
    expect(switchTarget("/auth", "?mode=signup")).toEqual({ to: "/hi/auth?mode=signup", other: "hi" });
    expect(switchTarget("/hi/pricing", "")).toEqual({ to: "/pricing", other: "en" });
  });

  it("asks for the English home as /?lang=en, so the edge remembers the choice (ADR 0054)", () => {
    expect(switchTarget("/hi", "")).toEqual({ to: "/?lang=en", other: "en" });
    expect(switchTarget("/hi", "?ref=mail")).toEqual({ to: "/?ref=mail&lang=en", other: "en" });
    // A page without a twin offers the other language's home.
    expect(switchTarget("/f/contact/thanks", "")).toEqual({ to: "/hi", other: "hi" });
    expect(switchTarget("/", "")).toEqual({ to: "/hi", other: "hi" });
  });
});
