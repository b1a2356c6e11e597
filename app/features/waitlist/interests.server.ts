/**
 * The waitlist's choices in a page's language, for the routes' loaders: the
 * stored values stay the English ones ("plan:student"), only the words change.
 */
import { plansHi } from "~/features/pricing/index.server";
import { productsHi } from "~/features/products/index.server";
import { hi } from "~/shared/i18n/messages.hi";
import type { Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { type Interest, interestLabel, PLAN_INTERESTS, PRODUCT_INTERESTS } from "./interests";

export function interestsIn(locale: Locale, which: "plans" | "products" | "all"): Interest[] {
  const planChoices =
    locale === "en" ? PLAN_INTERESTS : PLAN_INTERESTS.map((choice, i) => ({ ...choice, label: fill(hi.waitlist.planSuffix, { plan: plansHi[i]!.name }) }));
  const productChoices = locale === "en" ? PRODUCT_INTERESTS : PRODUCT_INTERESTS.map((choice, i) => ({ ...choice, label: productsHi[i]!.title }));
  return which === "plans" ? [...planChoices] : which === "products" ? [...productChoices] : [...planChoices, ...productChoices];
}

/** The words for a stored interest in a language ("Standard plan", "स्टैंडर्ड प्लान"); "Anything" in its words for none, the raw value for one no longer offered. */
export function interestLabelIn(locale: Locale, value: string): string {
  if (locale === "en") return interestLabel(value);
  if (!value) return hi.waitlist.anything;
  return interestsIn(locale, "all").find((i) => i.value === value)?.label ?? value;
}
