import { describe, expect, it } from "vitest";
import { csvField, formatTable, oneLine, toCsv } from "./message-list.server";
import type { StoredMessage } from "./message-store.server";

function message(overrides: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: "0b8f6a52-1111-4c4c-9f9f-000000000001",
    kind: "feedback",
    name: "Asha Rao",
    email: "asha@example.com",
    message: "Love it.",
    user_id: null,
    ip_hash: "f".repeat(64),
    user_agent: "Mozilla/5.0",
    created_at: "2026-11-21T10:15:30.000Z",
    notified_at: "2026-11-21T10:15:31.000Z",
    notify_attempts: 0,
    notify_error: null,
    notify_claimed_until: null,
    status: "open",
    handled_at: null,
    handled_by: null,
    fields: "{}",
    spam_reason: null,
    language: "en",
    ...overrides,
  };
}

describe("npm run messages: the table", () => {
  it("shows time, kind, status, name, email, the message's start and whether it was notified", () => {
    const long = `${"word ".repeat(20)}\nsecond line`;
    const table = formatTable(
      [
        message({ message: long }),
        message({ kind: "contact", notified_at: null, notify_attempts: 2 }),
        message({ notified_at: null, status: "spam", spam_reason: "honeypot" }),
      ],
      7,
    );
    const lines = table.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^time\s+kind\s+status\s+name\s+email\s+message\s+notified$/);
    expect(lines[2]).toContain("2026-11-21 10:15 UTC");
    expect(lines[2]).toContain(`${"word ".repeat(11)}word…`.slice(0, 59));
    expect(lines[2]).not.toContain("second line");
    expect(lines[2]).toMatch(/yes$/);
    expect(lines[3]).toMatch(/contact.*no \(2 failed\)$/);
    expect(lines[4]).toMatch(/feedback\s+spam\s+Asha.*no$/);
    expect(lines.at(-1)).toBe("3 of 7 messages (newest first).");
    expect(formatTable([], 0)).toBe("No messages yet.\n");
  });

  it("cuts to one line of at most N characters", () => {
    expect(oneLine("a\n b\tc", 60)).toBe("a b c");
    expect([...oneLine("x".repeat(100), 60)]).toHaveLength(60);
    expect(oneLine("x".repeat(100), 60).endsWith("…")).toBe(true);
  });
});

describe("npm run messages: CSV (RFC 4180)", () => {
  it("quotes every field, doubling quotes", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('she said "hi"')).toBe('"she said ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('""');
    expect(csvField(3)).toBe('"3"');
  });

  it("defuses spreadsheet formulas at the start with a leading apostrophe", () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField("+1 555")).toBe(`"'+1 555"`);
    expect(csvField("-2+3")).toBe(`"'-2+3"`);
    expect(csvField("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvField("\tTAB")).toBe(`"'\tTAB"`);
    expect(csvField("  =1")).toBe(`"'  =1"`);
    expect(csvField("a=b")).toBe('"a=b"');
    expect(csvField("2026-11-21, 10-12")).toBe('"2026-11-21, 10-12"');
  });

  it("defuses a formula after any list separator, in every locale", () => {
    expect(csvField("Sam;=1+2")).toBe(`"'Sam;'=1+2"`);
    expect(csvField("Hello;=cmd|' /C calc'!A0")).toBe(`"'Hello;'=cmd|' /C calc'!A0"`);
    expect(csvField("a,+1|@x\t-2")).toBe(`"'a,'+1|'@x\t'-2"`);
    expect(csvField("a; =1")).toBe(`"'a; '=1"`);
    expect(csvField('a;"=1"')).toBe(`"'a;""'=1"""`);
    // Two triggers in a row after a separator: each split piece starts with an apostrophe.
    expect(csvField("a\t\t=1")).toBe(`"'a\t'\t'=1"`);
  });

  it("defuses a formula at the start of a message's line, for imports that split on line breaks", () => {
    expect(csvField("Thanks\n=1+2")).toBe(`"'Thanks\n'=1+2"`);
    expect(csvField("Hi\r\n -2")).toBe(`"'Hi\r\n '-2"`);
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("has a header row, one CRLF-terminated row per message, ISO times", () => {
    const csv = toCsv([
      message(),
      message({
        id: "id-2",
        kind: "contact",
        name: "=cmd|' /C calc'!A0",
        message: 'Hi, "team"\nthanks',
        notified_at: null,
        notify_attempts: 3,
        notify_error: "451 busy",
        status: "handled",
        handled_at: "2026-11-22T08:00:00.000Z",
        handled_by: "operator@tuesday.test",
        fields: JSON.stringify({ seats: "3", team: "=ops" }),
        spam_reason: "honeypot",
      }),
    ]);
    expect(csv).toBe(
      [
        '"id","created_at","kind","name","email","message","user_id","notified_at","notify_attempts","notify_error","status","handled_at","handled_by","fields","spam_reason"',
        '"0b8f6a52-1111-4c4c-9f9f-000000000001","2026-11-21T10:15:30.000Z","feedback","Asha Rao","asha@example.com","Love it.","","2026-11-21T10:15:31.000Z","0","","open","","","",""',
        `"id-2","2026-11-21T10:15:30.000Z","contact","'=cmd|' /C calc'!A0","asha@example.com","Hi, ""team""\nthanks","","","3","451 busy","handled","2026-11-22T08:00:00.000Z","operator@tuesday.test","{""seats"":""3"",""team"":""=ops""}","honeypot"`,
        "",
      ].join("\r\n"),
    );
    expect(toCsv([message({ created_at: new Date("2026-01-02T03:04:05Z") })])).toContain(',"2026-01-02T03:04:05.000Z",');
  });
});
