/** The legal feature's server API for other features: the legal pages' copy in each language (Ask Tuesday's index). */
export * as legalEn from "./content";
export * as legalHi from "./content.hi";
