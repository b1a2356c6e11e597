/** The launch waitlist's public browser-safe API: the form and its choices. Server code: index.server.ts. */
export { INTERESTS, type Interest, interestLabel, PLAN_INTERESTS, PRODUCT_INTERESTS } from "./interests";
export { WaitlistForm } from "./waitlist-form";
export { WaitlistSection } from "./waitlist-section";
export type { WaitlistActionData } from "./waitlist-state";
