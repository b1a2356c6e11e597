/** The pricing feature's public API for other features (the waitlist's plan choice). */
export { type Plan, plans } from "./plans";
