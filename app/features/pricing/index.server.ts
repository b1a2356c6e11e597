/** The pricing feature's server API for other features: the plans in Hindi (the waitlist's choices, read by loaders). */
export { plans as plansHi } from "./plans.hi";
