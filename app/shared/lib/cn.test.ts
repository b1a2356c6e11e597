import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets the later class of a group win", () => {
    expect(cn("mx-auto max-w-6xl px-4", "max-w-3xl")).toBe("mx-auto px-4 max-w-3xl");
    expect(cn("shadow-card", "shadow-lift")).toBe("shadow-lift");
    expect(cn("text-ink-600", false, null, "text-ink-950")).toBe("text-ink-950");
  });

  it("keeps classes of different groups", () => {
    expect(cn("h-11 px-5 text-sm", "w-full")).toBe("h-11 px-5 text-sm w-full");
  });
});
