/** The pricing feature's public API for other features (the waitlist's plan choice; Ask Tuesday's price answers). */
export { type Plan, plans } from "./plans";
export { type Billing, YEARLY_DISCOUNT, formatRupees, priceFor } from "./price";
