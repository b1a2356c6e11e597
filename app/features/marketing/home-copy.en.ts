/** The home page's blocks below the hero, in English (./home-copy.ts). */
import { team } from "~/config/site";
import { features, story, values, vision, whyChooseUs } from "./content";
import type { HomeCopy } from "./home-copy";

const copy: HomeCopy = { values, whyChooseUs, vision, features, story, team };
export default copy;
