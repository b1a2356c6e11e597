/** The home page's blocks below the hero, in Hindi (./home-copy.ts). */
import { sections } from "~/shared/i18n/hi/sections";
import { features, story, values, vision, whyChooseUs } from "./content.hi";
import type { HomeCopy } from "./home-copy";
import { teamHi } from "./team.hi";

const copy: HomeCopy = { values, whyChooseUs, vision, features, story, team: teamHi, sections };
export default copy;
