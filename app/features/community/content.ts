/** Copy for the /community page. Channel links come from ~/config/site.ts. */
import type { Card, PageIntro } from "~/shared/lib/content-types";
import { site } from "~/config/site";

export interface JoinCard {
  network: "x" | "telegram" | "whatsapp";
  title: string;
  description: string;
  cta: string;
}

export const communityIntro: PageIntro = {
  eyebrow: "Community",
  title: "Join the Community",
  intro: `${site.productName} is being shaped by the people who will use it. Follow our progress, ask questions, test early versions and tell us what you need.`,
};

export const joinCards: JoinCard[] = [
  {
    network: "x",
    title: "Twitter / X",
    description: "Follow us for product news, behind-the-scenes updates and short notes from the team as we build.",
    cta: "Follow on X",
  },
  {
    network: "telegram",
    title: "Telegram",
    description: "Join the group to chat with the team and other members, ask questions and take part in early testing.",
    cta: "Join on Telegram",
  },
  {
    network: "whatsapp",
    title: "WhatsApp Channel",
    description: "Get important announcements straight on your phone, like launch dates and student programme updates. No spam, just the news that matters.",
    cta: "Follow the Channel",
  },
];

export const benefits: Card[] = [
  {
    title: "Discuss",
    description: "Share ideas, ask questions about AI and tell us what works and what doesn't. The team reads the conversations and replies.",
    icon: "message-circle",
  },
  {
    title: "Network",
    description: "Meet students, professionals and builders from across India who are curious about AI. Good collaborations often start with one conversation.",
    icon: "network",
  },
  {
    title: "Grow",
    description: `Learn with the community through tips, discussions and early access to tutorials. Help shape ${site.productName} and grow your own skills along the way.`,
    icon: "trending-up",
  },
];
