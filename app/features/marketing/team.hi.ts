/** The roster in Hindi: names, roles and descriptions translated (config/site.hi.ts), icons and links as in English. */
import { team, type TeamMember } from "~/config/site";
import { siteHi } from "~/config/site.hi";

export const teamHi: TeamMember[] = team.map((member, i) => ({ ...member, ...siteHi.team[i] }));
