import { describe, expect, it } from "vitest";
import { cleanName, NAME_MAX_LENGTH, nameFromEmail } from "./person-name";

describe("person names", () => {
  it("lose control characters and bidirectional overrides, and collapse whitespace", () => {
    expect(cleanName("  Asha \t  Verma\n")).toBe("Asha Verma");
    expect(cleanName("Ravi\u0000\u202eKumar")).toBe("Ravi Kumar");
    expect(cleanName("प्रिया शर्मा")).toBe("प्रिया शर्मा");
  });

  it("default to the address's local part", () => {
    expect(nameFromEmail("ux1280.88315@example.test")).toBe("ux1280.88315");
    expect(nameFromEmail("@odd")).toBe("@odd");
  });

  it("has the profile's limit", () => {
    expect(NAME_MAX_LENGTH).toBe(100);
  });
});
