/** The marketing feature's server API for other features: its copy and the team in a language (Ask Tuesday's index). */
export { marketingCopy, teamIn } from "./localized.server";
