/** The products feature's public API for other features (the waitlist's product choice). */
export { type Product, products } from "./content";
