import type { nav } from "~/shared/i18n/catalog/nav";

/** The site's navigation: the header's six links and the footer's groups. Labels are keys of the nav catalog. */
export type NavLabel = keyof typeof nav;

export interface NavLink {
  label: NavLabel;
  /** The English path; drawn in the page's language (localizedPath). */
  to: string;
}

export const mainNav: NavLink[] = [
  { label: "home", to: "/" },
  { label: "about", to: "/about" },
  { label: "products", to: "/product" },
  { label: "pricing", to: "/pricing" },
  { label: "vision", to: "/vision" },
  { label: "team", to: "/team" },
];

export const footerGroups: { title: NavLabel; links: NavLink[] }[] = [
  {
    title: "platform",
    links: [
      { label: "products", to: "/product" },
      { label: "features", to: "/features" },
      { label: "pricing", to: "/pricing" },
      { label: "gettingStarted", to: "/coming-soon" },
    ],
  },
  {
    title: "resources",
    links: [
      { label: "blog", to: "/blog" },
      { label: "community", to: "/community" },
      { label: "feedback", to: "/feedback" },
      { label: "license", to: "/license" },
    ],
  },
  {
    title: "company",
    links: [
      { label: "about", to: "/about" },
      { label: "ourStory", to: "/story" },
      { label: "vision", to: "/vision" },
      { label: "team", to: "/team" },
      { label: "contact", to: "/contact" },
    ],
  },
];

export const legalNav: NavLink[] = [
  { label: "privacy", to: "/privacy" },
  { label: "terms", to: "/terms" },
  { label: "cookies", to: "/cookie-policy" },
];

/** Whether `to` is the page at `pathname` (the home page only exactly; any other page and what is under it). */
export function isCurrent(pathname: string, to: string): boolean {
  if (to === "/" || to === "/hi") return pathname === to || pathname === `${to === "/" ? "" : to}/home`;
  return pathname === to || pathname.startsWith(`${to}/`);
}
