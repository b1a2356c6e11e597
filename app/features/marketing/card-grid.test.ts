import { describe, expect, it } from "vitest";
import { cardSpans } from "./card-grid";

const cards = (n: number, words = 20) => Array.from({ length: n }, () => ({ description: "word ".repeat(words).trim() }));

describe("card grid spans", () => {
  it("three columns: five cards are three and two halves; an odd last card fills the two-column row", () => {
    expect(cardSpans(cards(5), 3)).toEqual(["lg:col-span-2", "lg:col-span-2", "lg:col-span-2", "lg:col-span-3", "sm:col-span-2 lg:col-span-3"]);
    expect(cardSpans(cards(3), 3)).toEqual(["lg:col-span-2", "lg:col-span-2", "sm:col-span-2 lg:col-span-2"]);
    expect(cardSpans(cards(6), 3)).toEqual(Array(6).fill("lg:col-span-2"));
    expect(cardSpans(cards(4), 3)).toEqual(["lg:col-span-2", "lg:col-span-2", "lg:col-span-2", "lg:col-span-6"]);
  });

  it("four columns on a twelve track; two columns only at 640 px", () => {
    expect(cardSpans(cards(5), 4)).toEqual(["lg:col-span-3", "lg:col-span-3", "lg:col-span-3", "lg:col-span-3", "sm:col-span-2 lg:col-span-12"]);
    expect(cardSpans(cards(6), 4).slice(4)).toEqual(["lg:col-span-6", "lg:col-span-6"]);
    expect(cardSpans(cards(3), 2)).toEqual(["", "", "sm:col-span-2"]);
  });

  it("a long paragraph takes a row of its own, and the cards around it are balanced apart", () => {
    const list = [...cards(2), ...cards(1, 230), ...cards(3)];
    expect(cardSpans(list, 3)).toEqual([
      "lg:col-span-3",
      "lg:col-span-3",
      "sm:col-span-2 lg:col-span-6",
      "lg:col-span-2",
      "lg:col-span-2",
      "sm:col-span-2 lg:col-span-2",
    ]);
  });
});
