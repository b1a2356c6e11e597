/**
 * What a person on the waitlist may say they are waiting for: one of the five
 * plans (spec section 9) or one of the products, or nothing in particular.
 * Stored as "plan:<id>" / "product:<slug>" so a renamed product keeps its rows.
 */
import { plans } from "~/features/pricing";
import { products } from "~/features/products";

export interface Interest {
  value: string;
  label: string;
  group: "Plans" | "Products";
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const PLAN_INTERESTS: readonly Interest[] = plans.map((plan) => ({ value: `plan:${plan.id}`, label: `${plan.name} plan`, group: "Plans" }));
export const PRODUCT_INTERESTS: readonly Interest[] = products.map((product) => ({
  value: `product:${slug(product.title)}`,
  label: product.title,
  group: "Products",
}));
export const INTERESTS: readonly Interest[] = [...PLAN_INTERESTS, ...PRODUCT_INTERESTS];

/** "" (no preference) or a known value. */
export function isInterest(value: string): boolean {
  return value === "" || INTERESTS.some((i) => i.value === value);
}

/** The words for a stored interest ("Standard plan"); "Anything" for none, the raw value for one no longer offered. */
export function interestLabel(value: string): string {
  if (!value) return "Anything";
  return INTERESTS.find((i) => i.value === value)?.label ?? value;
}
