import { describe, expect, it } from "vitest";
import { dropDraft, keepDraft, readDraft } from "./profile-draft";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const values = { name: "Asha", gender: "Female", dob: "2001-02-03", about: "Typed, not saved" };

describe("profile draft", () => {
  it("comes back for the same account within a day, and only once dropped is it gone", () => {
    const storage = memoryStorage();
    keepDraft(storage, { userId: "u1", version: "2026-11-23T10:00:00.000Z", values }, 1_000);
    expect(readDraft(storage, "u1", 2_000)).toMatchObject({ userId: "u1", version: "2026-11-23T10:00:00.000Z", values });
    expect(readDraft(storage, "u2", 2_000)).toBeNull();
    expect(readDraft(storage, "u1", 2_000)).not.toBeNull();
    dropDraft(storage);
    expect(readDraft(storage, "u1", 2_000)).toBeNull();
  });

  it("is dropped when old or malformed", () => {
    const storage = memoryStorage();
    keepDraft(storage, { userId: "u1", version: "v", values }, 0);
    expect(readDraft(storage, "u1", 25 * 3_600_000)).toBeNull();
    storage.setItem("profile-draft", JSON.stringify({ userId: "u1", version: "v", values: { name: 1 }, savedAt: 0 }));
    expect(readDraft(storage, "u1", 10)).toBeNull();
    storage.setItem("profile-draft", "{not json");
    expect(readDraft(storage, "u1", 10)).toBeNull();
  });

  it("keeps the mail language only as one of ours, and takes a draft from before it had one", () => {
    const storage = memoryStorage();
    keepDraft(storage, { userId: "u1", version: "v", values: { ...values, language: "hi" } }, 0);
    expect(readDraft(storage, "u1", 10)?.values.language).toBe("hi");
    storage.setItem("profile-draft", JSON.stringify({ userId: "u1", version: "v", values: { ...values, language: "fr" }, savedAt: 0 }));
    expect(readDraft(storage, "u1", 10)).toBeNull();
    storage.setItem("profile-draft", JSON.stringify({ userId: "u1", version: "v", values, savedAt: 0 }));
    expect(readDraft(storage, "u1", 10)?.values).toEqual(values);
  });
});
