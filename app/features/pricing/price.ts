/** Pricing rules of spec section 9: yearly = monthly × 12 × 0.8, rounded; prices in INR. */
import type { Plan } from "./plans";

export type Billing = "monthly" | "yearly";

export const YEARLY_DISCOUNT = 0.2;

export function yearlyPrice(monthly: number): number {
  return Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT));
}

export function priceFor(plan: Pick<Plan, "price">, billing: Billing): number {
  const monthly = Number(plan.price);
  return billing === "yearly" ? yearlyPrice(monthly) : monthly;
}

/** "₹4,800" (Indian digit grouping, in the page's language's Intl locale: en-IN or hi-IN). */
export function formatRupees(amount: number, intlLocale = "en-IN"): string {
  return `₹${amount.toLocaleString(intlLocale)}`;
}

/** Coming-soon plans cannot be selected (spec section 2). */
export function canSelect(plan: Pick<Plan, "isComingSoon">): boolean {
  return !plan.isComingSoon;
}

/** Every plan button is disabled in yearly mode (spec section 9). */
export function buttonDisabled(billing: Billing): boolean {
  return billing === "yearly";
}
