/** The home page's blocks below the hero, in English (./home-copy.ts). */
import { team } from "~/config/site";
import { sections } from "~/shared/i18n/catalog/sections";
import { features, story, values, vision, whyChooseUs } from "./content";
import type { HomeCopy } from "./home-copy";

const copy: HomeCopy = { values, whyChooseUs, vision, features, story, team, sections };
export default copy;
