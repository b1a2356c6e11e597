import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSprite, SPRITE_FILE } from "../../../../scripts/build-icons";
import { ICON_NAMES } from "./names";

describe("the icon sprite", () => {
  it("is up to date with names.ts (run npm run icons)", async () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await renderSprite());
  });

  it("has a symbol for every name", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    for (const name of ICON_NAMES) expect(sprite).toContain(`<symbol id="${name}"`);
  });
});
