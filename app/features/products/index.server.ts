/** The products feature's server API for other features: the products in Hindi (the waitlist's choices, read by loaders; Ask Tuesday's index). */
export { products as productsHi, productsIntro as productsIntroHi } from "./content.hi";
export { productsIntro } from "./content";
