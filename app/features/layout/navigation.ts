/** The site's navigation: the header's six links and the footer's groups. */
export interface NavLink {
  label: string;
  to: string;
}

export const mainNav: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Products", to: "/product" },
  { label: "Pricing", to: "/pricing" },
  { label: "Vision", to: "/vision" },
  { label: "Team", to: "/team" },
];

export const footerGroups: { title: string; links: NavLink[] }[] = [
  {
    title: "Platform",
    links: [
      { label: "Products", to: "/product" },
      { label: "Features", to: "/features" },
      { label: "Pricing", to: "/pricing" },
      { label: "Getting started", to: "/coming-soon" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Blog", to: "/blog" },
      { label: "Community", to: "/community" },
      { label: "Feedback", to: "/feedback" },
      { label: "License", to: "/license" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Our story", to: "/story" },
      { label: "Vision", to: "/vision" },
      { label: "Team", to: "/team" },
      { label: "Contact", to: "/contact" },
    ],
  },
];

export const legalNav: NavLink[] = [
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Cookies", to: "/cookie-policy" },
];
