/**
 * Every brand and company fact the site shows, in one typed module.
 *
 * A rebrand edits this file and nothing else: components read names, addresses,
 * links and the team from here. It is imported by client and server code alike,
 * so it must stay free of secrets and of Node-only imports.
 */

export type SocialNetwork = "x" | "telegram" | "whatsapp" | "github" | "instagram";

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

export type TeamIcon = "rocket" | "brain" | "code" | "palette" | "shield-check" | "users";

export interface TeamMember {
  name: string;
  role: string;
  description: string;
  icon: TeamIcon;
}

export interface SiteConfig {
  /** The assistant's name, used in titles, mails and the chat widget. */
  productName: string;
  /**
   * A short lowercase name for machine use: cookie names (`<slug>.session_token`),
   * storage and cache key prefixes, file names. Changing it signs everyone out.
   */
  slug: string;
  /** The name the company's products share ("Tuesday LLM", "Tuesday Watch"). */
  productFamily: string;
  /** The company behind the product. */
  companyName: string;
  tagline: string;
  description: string;
  /** Public contact address; also receives feedback and contact notifications. */
  contactEmail: string;
  address: {
    street: string;
    locality: string;
    district: string;
    state: string;
    postalCode: string;
    country: string;
  };
  /** Registered business name and the name that appears on invoices. */
  businessName: string;
  billingName: string;
  founder: { name: string; startedAt: number };
  /** Where the site says the company was founded; the copyright line uses it. */
  copyrightYear: number;
  social: SocialLink[];
  community: { x: string; telegram: string; whatsappChannel: string };
  chatWidget: {
    messagingAssistant: { label: string; href: string };
    socialAssistant: { label: string; href: string };
    supportPage: { label: string; href: string };
  };
  /**
   * The spec's developer-tools guard. Off by default: it reloads the page for
   * anyone whose browser has a docked side panel and blocks the context menu,
   * and it cannot stop a determined visitor. See docs/decisions/0006-developer-tools-guard.md.
   */
  devToolsGuard: boolean;
}

export const site: SiteConfig = {
  productName: "Tuesday AI",
  slug: "tuesday",
  productFamily: "Tuesday",
  companyName: "Tuesday Labs",
  tagline: "Innovation, fueled by faith.",
  description: "Tuesday AI is a faith-driven, accessible, affordable and privacy-first AI assistant, built in India for students, the public and enterprises.",
  contactEmail: "hello@tuesdayai.in",
  address: {
    street: "117/N-42, Kakadeo",
    locality: "Kanpur",
    district: "Kanpur Nagar",
    state: "Uttar Pradesh",
    postalCode: "208025",
    country: "India",
  },
  businessName: "Tuesday Labs",
  billingName: "Tuesday Labs Technologies",
  founder: { name: "Aarav Mishra", startedAt: 16 },
  copyrightYear: 2024,
  social: [
    { network: "x", label: "X (Twitter)", href: "https://x.com/tuesdayai" },
    { network: "telegram", label: "Telegram", href: "https://t.me/tuesdayai" },
    { network: "whatsapp", label: "WhatsApp channel", href: "https://whatsapp.com/channel/tuesdayai" },
    { network: "github", label: "GitHub", href: "https://github.com/tuesdayai" },
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/tuesdayai" },
  ],
  community: {
    x: "https://x.com/tuesdayai",
    telegram: "https://t.me/tuesdayai",
    whatsappChannel: "https://whatsapp.com/channel/tuesdayai",
  },
  chatWidget: {
    messagingAssistant: { label: "Chat on WhatsApp", href: "https://wa.me/919000000000" },
    socialAssistant: { label: "Message us on Instagram", href: "https://ig.me/m/tuesdayai" },
    supportPage: { label: "Contact support", href: "/contact" },
  },
  devToolsGuard: false,
};

/**
 * The team (the home page, /team). A named export of its own, beside `site`,
 * so that pages which do not show the team do not carry it in their JavaScript.
 */
export const team: TeamMember[] = [
  {
    name: "Aarav Mishra",
    role: "Founder & CEO",
    description:
      "Started writing code at 16 and never stopped. Sets the vision, writes a lot of the platform himself and answers community questions most evenings.",
    icon: "rocket",
  },
  {
    name: "Ishita Verma",
    role: "Head of AI Research",
    description: 'Leads model evaluation and safety. Cares about assistants that say "I don\'t know" instead of guessing.',
    icon: "brain",
  },
  {
    name: "Rohan Gupta",
    role: "Lead Platform Engineer",
    description: "Owns the infrastructure that keeps conversations fast and private, from the database to the deploy pipeline.",
    icon: "code",
  },
  {
    name: "Sneha Patel",
    role: "Product Designer",
    description: "Designs for the first-time user on a budget phone as carefully as for the enterprise dashboard.",
    icon: "palette",
  },
  {
    name: "Kabir Singh",
    role: "Security & Privacy Engineer",
    description: "Encryption, access control and audit logging. Reads every privacy promise on this site as a requirement.",
    icon: "shield-check",
  },
  {
    name: "Meera Nair",
    role: "Community Lead",
    description: "Runs the Telegram and WhatsApp communities, the student programme and the feedback loop back to the team.",
    icon: "users",
  },
];

/** The one-line postal address used on the Terms page and in structured data. */
export function formatAddress(a: SiteConfig["address"] = site.address): string {
  return `${a.street}, ${a.locality}, ${a.district}, ${a.state} ${a.postalCode}, ${a.country}`;
}
