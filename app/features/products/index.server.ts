/** The products feature's server API for other features: the products in Hindi (the waitlist's choices, read by loaders). */
export { products as productsHi } from "./content.hi";
