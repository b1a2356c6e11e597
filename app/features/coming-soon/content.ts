/** Copy for the /coming-soon page, where `Try ${site.productName}` leads today. */
import type { Card, PageIntro } from "~/shared/lib/content-types";
import { site } from "~/config/site";

export const comingSoonIntro: PageIntro = {
  eyebrow: "Almost there",
  title: "Coming Soon",
  intro: `${site.productName} is not ready to try just yet. We are testing carefully so that the first version you use is one you can rely on. Here is what is on the way.`,
};

export const comingSoonItems: Card[] = [
  {
    title: "Live Demo",
    description: `Try ${site.productName} right in your browser, with no download and no setup. Ask it anything and see how it answers.`,
    icon: "play-circle",
  },
  {
    title: "Student Program",
    description: "Affordable access, learning resources and chances to help test new features, for students across India.",
    icon: "graduation-cap",
  },
  {
    title: "Documentation",
    description: "Clear guides to every feature, written in plain English, plus reference material for teams that want to integrate.",
    icon: "file-text",
  },
  {
    title: "Getting Started",
    description: "A short, friendly walkthrough from creating your account to asking your first question. No coding experience required.",
    icon: "compass",
  },
  {
    title: "Tutorials",
    description: "Step-by-step lessons for studying, writing, planning and work, so you can get the most out of the assistant.",
    icon: "monitor-play",
  },
];

export const joinCommunity: { title: string; text: string; cta: string } = {
  title: "Be the first to know",
  text: "Join our community to hear when each of these goes live, try early versions and tell us what you would like to see first.",
  cta: "Join Community",
};
