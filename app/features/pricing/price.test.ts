import { describe, expect, it } from "vitest";
import { buttonDisabled, canSelect, formatRupees, priceFor, yearlyPrice } from "./price";
import { E2E_ENCRYPTION, plans, PRICING_BANNER } from "./plans";

describe("plans (spec section 9)", () => {
  it("are Free 0, Basic 350, Standard 500, Student 200, Professional 1000, all coming soon", () => {
    expect(plans.map((p) => [p.name, p.price])).toEqual([
      ["Free", "0"],
      ["Basic", "350"],
      ["Standard", "500"],
      ["Student", "200"],
      ["Professional", "1000"],
    ]);
    expect(plans.every((p) => p.isComingSoon && p.buttonText === "Coming Soon")).toBe(true);
    expect(plans.filter((p) => p.isPopular).map((p) => p.name)).toEqual(["Standard"]);
    expect(plans.every((p) => p.features.includes(E2E_ENCRYPTION))).toBe(true);
    expect(PRICING_BANNER).toBe("Important: Once a subscription is purchased, it cannot be canceled");
  });
});

describe("prices", () => {
  it("yearly is monthly × 12 × 0.8, rounded", () => {
    expect(yearlyPrice(0)).toBe(0);
    expect(yearlyPrice(350)).toBe(3360);
    expect(yearlyPrice(500)).toBe(4800);
    expect(yearlyPrice(200)).toBe(1920);
    expect(yearlyPrice(1000)).toBe(9600);
    expect(yearlyPrice(333)).toBe(3197); // 3196.8 rounds up
    expect(yearlyPrice(101)).toBe(970); // 969.6 rounds up
    expect(yearlyPrice(1)).toBe(10); // 9.6
  });

  it("picks the price and suffix for the billing period", () => {
    const standard = plans.find((p) => p.id === "standard")!;
    expect(priceFor(standard, "monthly")).toBe(500);
    expect(priceFor(standard, "yearly")).toBe(4800);
  });

  it("formats rupees with Indian grouping", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(4800)).toBe("₹4,800");
    expect(formatRupees(120000)).toBe("₹1,20,000");
    // Hindi keeps the Latin digits Hindi print mostly uses, and the same grouping.
    expect(formatRupees(120000, "hi-IN")).toBe("₹1,20,000");
  });
});

describe("selection", () => {
  it("refuses coming-soon plans, allows launched ones", () => {
    expect(canSelect({ isComingSoon: true })).toBe(false);
    expect(canSelect({ isComingSoon: false })).toBe(true);
  });

  it("disables every button in yearly mode only", () => {
    expect(buttonDisabled("yearly")).toBe(true);
    expect(buttonDisabled("monthly")).toBe(false);
  });
});
