import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/blog/x?y=1#z")).toBe("/blog/x?y=1#z");
  });

  it("refuses anything that could leave the site", () => {
    for (const to of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "evil", "/\t/evil.example", "", undefined, 42]) {
      expect(safeRedirect(to)).toBe("/home");
    }
  });

  it("refuses a path whose dot segments resolve to another site", () => {
    for (const to of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/hi/..//evil.example", "/a/../..//evil.example/x?y=1"]) {
      expect(safeRedirect(to), to).toBe("/home");
    }
    // Dot segments that stay on the site are only tidied.
    expect(safeRedirect("/blog/../pricing")).toBe("/pricing");
  });

  it("does not send a visitor back to the sign-in page", () => {
    expect(safeRedirect("/auth?mode=signup")).toBe("/home");
    expect(safeRedirect("/auth/reset-password")).toBe("/home");
  });
});
