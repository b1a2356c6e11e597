/**
 * The five plans of spec section 9. Prices are whole rupees per month, as
 * strings (the spec's Plan shape); yearly prices are derived (price.ts).
 */
import { pricing } from "~/shared/i18n/catalog/pricing";
import type { IconName } from "~/shared/ui/icons/names";

export interface Plan {
  id: "free" | "basic" | "standard" | "student" | "professional";
  name: string;
  /** Rupees per month. */
  price: string;
  icon: IconName;
  features: string[];
  highlightFeature: string;
  isPopular?: boolean;
  buttonText: string;
  variant: "outline" | "primary";
  isComingSoon: boolean;
}

export const E2E_ENCRYPTION = "End-to-end encryption";

/** The spec's words (their Hindi is in the shared catalog's pricing area). */
export const PRICING_BANNER = pricing.banner;
export const POPULAR_RIBBON = pricing.popular;
export const YEARLY_SAVING_LABEL = pricing.yearlySaving;

export const plans: Plan[] = [
  {
    id: "free",
    name: "Free",
    price: "0",
    icon: "sparkles",
    features: ["Unlimited general conversations", "Real-time searching", "Limited access to advanced tools", E2E_ENCRYPTION],
    highlightFeature: "Everything you need to get started",
    buttonText: "Coming Soon",
    variant: "outline",
    isComingSoon: true,
  },
  {
    id: "basic",
    name: "Basic",
    price: "350",
    icon: "rocket",
    features: ["Everything in Free", "Limited advanced features, with a rate limit", E2E_ENCRYPTION],
    highlightFeature: "A first taste of the advanced tools",
    buttonText: "Coming Soon",
    variant: "outline",
    isComingSoon: true,
  },
  {
    id: "standard",
    name: "Standard",
    price: "500",
    icon: "star",
    features: ["Everything in Basic", "Enhanced problem-solving", "Advanced features", "Priority support", E2E_ENCRYPTION],
    highlightFeature: "The best value for everyday power users",
    isPopular: true,
    buttonText: "Coming Soon",
    variant: "primary",
    isComingSoon: true,
  },
  {
    id: "student",
    name: "Student",
    price: "200",
    icon: "graduation-cap",
    features: ["Affordable for students", "All Basic features", E2E_ENCRYPTION],
    highlightFeature: "Basic, at a student's price",
    buttonText: "Coming Soon",
    variant: "outline",
    isComingSoon: true,
  },
  {
    id: "professional",
    name: "Professional",
    price: "1000",
    icon: "crown",
    features: ["Everything in Standard", "Enterprise-grade support", "Advanced customization", "Priority support", E2E_ENCRYPTION],
    highlightFeature: "For teams and businesses that rely on AI",
    buttonText: "Coming Soon",
    variant: "outline",
    isComingSoon: true,
  },
];
