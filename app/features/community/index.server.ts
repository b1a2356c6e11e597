/** The community feature's server API for other features: its copy in each language (Ask Tuesday's index). */
export * as communityEn from "./content";
export * as communityHi from "./content.hi";
