/** English words of the "nav" area (see ../messages.ts). */

export const nav = {
  home: "Home",
  about: "About",
  products: "Products",
  pricing: "Pricing",
  vision: "Vision",
  team: "Team",
  platform: "Platform",
  features: "Features",
  gettingStarted: "Getting started",
  resources: "Resources",
  blog: "Blog",
  community: "Community",
  feedback: "Feedback",
  license: "License",
  company: "Company",
  ourStory: "Our story",
  contact: "Contact",
  privacy: "Privacy",
  terms: "Terms",
  cookies: "Cookies",
};
