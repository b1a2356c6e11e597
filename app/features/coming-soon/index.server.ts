/** The coming-soon feature's server API for other features: its copy in each language (Ask Tuesday's index). */
export * as comingSoonEn from "./content";
export * as comingSoonHi from "./content.hi";
