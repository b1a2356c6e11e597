import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, isNumeric, parseRulesText, parseStoredRules, rulesText } from "./field-rules";
import { validateAnyFields } from "./form-schema";

describe("a form's field rules", () => {
  it("read and write the editor's lines", () => {
    expect(parseRulesText("company text\n  phone number required \n\nemail email required")).toEqual({
      ok: true,
      rules: [
        { name: "company", type: "text", required: false },
        { name: "phone", type: "number", required: true },
        { name: "email", type: "email", required: true },
      ],
    });
    expect(rulesText(DEFAULT_RULES)).toBe("name text required\nemail email required\nmessage text required");
    expect(parseRulesText(rulesText(DEFAULT_RULES))).toEqual({ ok: true, rules: DEFAULT_RULES });
  });

  it("say which line is wrong and why", () => {
    expect(parseRulesText("_gotcha text")).toMatchObject({ ok: false, message: expect.stringContaining('"_gotcha text": a name is') });
    expect(parseRulesText("age integer")).toMatchObject({ ok: false, message: expect.stringContaining("text, email or number") });
    expect(parseRulesText("age number optional")).toMatchObject({ ok: false, message: expect.stringContaining("required") });
    expect(parseRulesText("a text\na email")).toMatchObject({ ok: false, message: 'Fields: "a" is named twice' });
    // Replies and the autoresponder go to email: no rule may make it anything but an address.
    expect(parseRulesText("email text required")).toMatchObject({ ok: false, message: expect.stringContaining("email is always an address") });
    expect(parseRulesText("email number")).toMatchObject({ ok: false });
    expect(parseRulesText(Array.from({ length: 21 }, (_, i) => `f${i} text`).join("\n"))).toMatchObject({ ok: false });
  });

  it("stored JSON that is not a list of rules reads as none", () => {
    expect(parseStoredRules("nonsense")).toEqual([]);
    expect(parseStoredRules('[{"name":"x","type":"date","required":true},{"name":"y","type":"number","required":false}]')).toEqual([
      { name: "y", type: "number", required: false },
    ]);
  });

  it("numbers as people type them", () => {
    for (const ok of ["42", "-3", "+7", "3.14", "0,5", ".5", " 12 "]) expect(isNumeric(ok), ok).toBe(true);
    for (const bad of ["", "forty", "1e5", "1,000.5", "12a", "--1"]) expect(isNumeric(bad), bad).toBe(false);
  });
});

describe("any fields, by a form's rules (Formspree's codes)", () => {
  const rules = [...DEFAULT_RULES.filter((r) => r.name !== "message"), { name: "seats", type: "number" as const, required: true }];

  it("keeps every field: the inbox's three, and the others as text", () => {
    const checked = validateAnyFields({ name: "Di", email: "di@example.com", company: "Acme", seats: 12, vip: true, _gotcha: "", _subject: "x" }, rules);
    expect(checked).toEqual({ ok: true, value: { name: "Di", email: "di@example.com", message: "", extra: { company: "Acme", seats: "12", vip: "true" } } });
  });

  it("checks email as one address even where a stored rule calls it text (no list of recipients)", () => {
    const stored = [{ name: "email", type: "text" as const, required: true }];
    for (const email of ["victim1@example.test, victim2@example.test", "v@example.test\nBcc: w@example.test", ",v@example.test"]) {
      expect(validateAnyFields({ name: "Bot", email, message: "hello" }, stored)).toEqual({
        ok: false,
        errors: [{ field: "email", code: "TYPE_EMAIL", message: expect.any(String) }],
      });
    }
  });

  it("refuses text where a number is asked for, with TYPE_NUMERIC", () => {
    const checked = validateAnyFields({ name: "Di", email: "di@example.com", seats: "a dozen" }, rules);
    expect(checked).toEqual({ ok: false, errors: [{ field: "seats", code: "TYPE_NUMERIC", message: "Seats: must be a number" }] });
  });

  it("missing, empty, malformed: every field's first problem", () => {
    const checked = validateAnyFields({ name: "  ", email: "not-an-email", extra: { nested: 1 } }, rules);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.map((e) => [e.field, e.code])).toEqual([
      ["extra", "TYPE_TEXT"],
      ["name", "REQUIRED_FIELD_EMPTY"],
      ["seats", "REQUIRED_FIELD_MISSING"],
      ["email", "TYPE_EMAIL"],
    ]);
  });

  it("fields named like Object's own members are plain fields, kept as such (no prototype, no inherited limit)", () => {
    const checked = validateAnyFields(JSON.parse('{"__proto__":"p","constructor":"c","toString":"t","email":"a@example.com"}') as Record<string, unknown>, []);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(Object.getPrototypeOf(checked.value.extra)).toBe(Object.prototype);
    // "__proto__" starts with "_": one of the service's own names, not kept; the others are plain fields.
    expect(JSON.stringify(checked.value.extra)).toBe('{"constructor":"c","toString":"t"}');
    expect(validateAnyFields({ constructor: "x".repeat(5001) }, [])).toMatchObject({
      ok: false,
      errors: [{ field: "constructor", code: "FIELD_TOO_LONG", message: expect.stringMatching(/^Constructor: must be at most 5,000/) }],
    });
  });

  it("an email field is an address even without a rule; no field at all is EMPTY", () => {
    expect(validateAnyFields({ email: "nope" }, [])).toMatchObject({ ok: false, errors: [{ field: "email", code: "TYPE_EMAIL" }] });
    expect(validateAnyFields({ _gotcha: "" }, [])).toMatchObject({ ok: false, errors: [{ code: "EMPTY" }] });
    expect(validateAnyFields({ note: "x".repeat(5001) }, [])).toMatchObject({ ok: false, errors: [{ field: "note", code: "FIELD_TOO_LONG" }] });
  });
});
