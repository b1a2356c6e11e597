/**
 * Copy for the home page blocks and the about, vision, features, story and
 * team pages. Names, links and the team roster live in ~/config/site.ts.
 */
import type { Card, PageIntro } from "~/shared/lib/content-types";
import { site } from "~/config/site";
import type { HeroContent } from "./hero";

export const hero: HeroContent = {
  tagline: "Innovation, fueled by faith.",
  subtitle: `${site.productName} is a helpful, affordable and privacy-first AI assistant, made in India for students, families and businesses. Our flagship assistant is coming soon, and we are building it with care.`,
  note: "No coding experience required.",
  tryLabel: `Try ${site.productName}`,
  storyLabel: "Our Story",
  badge: "Flagship assistant coming soon",
  previewTitle: "Preview",
  previewLabel: `A preview of a conversation with ${site.productName}`,
  /** The still picture of a conversation beside the tagline (large screens). */
  preview: [
    { from: "user", text: "Explain photosynthesis for my class 8 exam, simply." },
    {
      from: "assistant",
      text: "Plants are tiny food factories. Leaves take in sunlight, water from the roots and carbon dioxide from the air, and turn them into sugar for energy, releasing oxygen for us to breathe.",
    },
    { from: "user", text: "Can you give me a 3-line summary in Hindi too?" },
  ],
};

export const values: Card[] = [
  {
    title: "Innovation First",
    description:
      "We study what the best AI systems do well and work hard to make it practical for everyday life. New ideas earn their place by solving a real problem for a real person.",
    icon: "lightbulb",
  },
  {
    title: "Faith-Driven",
    description:
      "We build with gratitude for the chance to do this work and a sense of purpose in how we do it. That means honesty with our users, patience with hard problems and humility about what we don't yet know.",
    icon: "heart",
  },
  {
    title: "Accessible Tech",
    description: `Good AI should not need a computer science degree or a big budget. ${site.productName} is designed for plain-language questions, modest phones and prices in rupees.`,
    icon: "accessibility",
  },
];

export const whyChooseUs: { title: string; intro: string; points: Card[] } = {
  title: `Why Choose ${site.productName}`,
  intro: "We are a small team building an assistant we would trust with our own families' questions. Here is what that means in practice.",
  points: [
    {
      title: "Built for Everyone",
      description:
        "Ask in everyday words and get a clear answer. Students, shopkeepers, parents and engineering teams should all feel at home from the first message.",
      icon: "users",
    },
    {
      title: "Priced in Rupees",
      description: "Our plans are planned around Indian budgets, with a free tier and a dedicated student plan. No surprise charges in foreign currency.",
      icon: "indian-rupee",
    },
    {
      title: "Privacy by Default",
      description:
        "We collect only what we need to run your account, and we never sell your data. You can download or delete it from your profile at any time.",
      icon: "lock",
    },
    {
      title: "Made in India",
      description:
        "Designed and built in Kanpur by people who understand local languages, local needs and local networks. We are building for India first, and for the world next.",
      icon: "flag",
    },
  ],
};

export const vision: Card[] = [
  {
    title: "Human-Centric",
    description: "Technology should serve people, not the other way round. Every feature starts with a question: does this make someone's day easier?",
    icon: "hand-heart",
  },
  {
    title: "Secure & Reliable",
    description:
      "An assistant is only useful if you can depend on it. We design for steady uptime, careful handling of your information and honest answers when the AI is unsure.",
    icon: "shield-check",
  },
  {
    title: "Made in India",
    description:
      "Built in Kanpur, Uttar Pradesh, with Indian users in mind from day one. We want to show that world-class AI can come from any city in the country.",
    icon: "flag",
  },
  {
    title: "Affordable",
    description:
      "A useful AI assistant should cost less than a mobile recharge, not more than a month's groceries. We keep our costs low so our prices can stay low.",
    icon: "indian-rupee",
  },
  {
    title: "Bug-Resilient",
    description:
      "Software breaks; good software recovers. We test carefully, watch for problems and fix them quickly, so a small glitch never costs you your work.",
    icon: "bug",
  },
  {
    title: "Global Accessibility",
    description: `We want ${site.productName} to work on slow connections, budget phones and screen readers, and in more languages over time. Access should not depend on where you live.`,
    icon: "globe",
  },
  {
    title: "Privacy First",
    description: "Your data belongs to you. We collect the minimum, protect it carefully and give you simple tools to see, download and delete it.",
    icon: "eye-off",
  },
  {
    title: "Future-Ready",
    description:
      "AI is changing fast, so we build in pieces that can be improved without starting over. The assistant you use next year should be better than this year's, without you having to relearn it.",
    icon: "rocket",
  },
];

export const features: Card[] = [
  {
    title: "Cutting-Edge Technology",
    description:
      "We build on modern language-model research and measure every change before it reaches you. The aim is simple: answers that are more accurate, more useful and faster.",
    icon: "cpu",
  },
  {
    title: "Enterprise Scalability",
    description:
      "The platform is designed to grow from one curious student to a whole organisation. Teams will be able to add members without changing how they work.",
    icon: "server",
  },
  {
    title: "Bank-Grade Security",
    description:
      "Traffic is encrypted in transit, passwords are stored only as hashes and access to systems is limited by role and logged. We treat your information the way a bank treats your savings.",
    icon: "landmark",
  },
  {
    title: "AI-Powered Insights",
    description: "Turn long documents, notes and questions into clear summaries and next steps. The assistant helps you understand, not just search.",
    icon: "brain",
  },
  {
    title: "Seamless Integration",
    description: `${site.productName} is being designed to fit into the tools you already use, from chat apps to business systems. Less copying and pasting, more getting things done.`,
    icon: "plug",
  },
  {
    title: "Developer Friendly",
    description: "For teams who do write code, we plan clear APIs and straightforward documentation. For everyone else, no coding is ever required.",
    icon: "code",
  },
];

export const story: Card[] = [
  {
    title: "The Spark",
    description:
      "Aarav Mishra started at 16, when he first saw what an AI assistant could do and could not stop wondering how it worked. That question turned into a habit of staying up late to find out.",
    icon: "sparkles",
  },
  {
    title: "Faith",
    description:
      "On the hardest days, faith kept him going: gratitude for the chance to learn and a belief that the work could help others. It still shapes how we treat users and each other.",
    icon: "heart",
  },
  {
    title: "Self-Taught",
    description:
      "With no mentor nearby and no money for courses, he learned from free tutorials, open-source code, public lecture videos and research papers read slowly, one paragraph at a time.",
    icon: "book-open",
  },
  {
    title: "Solo Beginnings",
    description: `The first versions of ${site.productName} were written alone on one laptop in Kanpur. He was the designer, the engineer, the tester and the support desk.`,
    icon: "user",
  },
  {
    title: "Building the Platform",
    description:
      "Piece by piece, the experiments became a real platform: accounts, security, a website and the groundwork for the assistant. Every part was rebuilt at least once as he learned better ways.",
    icon: "hammer",
  },
  {
    title: "Challenges",
    description:
      "Limited computing power, patchy internet and ideas that simply did not work were part of every week. Each failure taught something the next attempt needed.",
    icon: "mountain",
  },
  {
    title: "Parents' Expectations",
    description:
      "His parents hoped for a conventional career and worried about time taken from studies. Their concern was love, and proving the work was worth it, while keeping his grades up, became part of the journey.",
    icon: "home",
  },
  {
    title: "The Mission",
    description: "To make helpful, trustworthy AI that anyone in India can afford and use in their own words. Not AI for a few, but AI for everyone.",
    icon: "target",
  },
  {
    title: "Time Crunch",
    description: "School and exams by day, code by night. Learning to plan carefully and rest properly mattered as much as learning to program.",
    icon: "clock",
  },
  {
    title: "Community Support",
    description: `Friends, classmates and early followers tested rough versions, reported bugs and suggested features. Their patience and honesty shaped ${site.productName}, and that community is now part of the team.`,
    icon: "users",
  },
];

export const pageIntros: Record<"about" | "vision" | "features" | "story" | "team", PageIntro> = {
  about: {
    eyebrow: "Who we are",
    title: `About ${site.productName}`,
    intro: `${site.productName} is the assistant being built by ${site.companyName}, a small team in Kanpur. We want useful AI to be affordable, private and easy for anyone to use.`,
  },
  vision: {
    eyebrow: "Where we are going",
    title: "Our Vision",
    intro:
      "Eight principles guide every decision we make, from the first line of code to the price of a plan. They describe the assistant we want to put in your hands.",
  },
  features: {
    eyebrow: "What we are building",
    title: "Features",
    intro: `${site.productName} is designed to be powerful for teams and simple for everyone else. Here is what the platform is built to do.`,
  },
  story: {
    eyebrow: "How it began",
    title: "Our Story",
    intro: `${site.productName} began with one curious teenager, free resources from the internet and a lot of late nights. This is how it grew, and who helped along the way.`,
  },
  team: {
    eyebrow: "The people behind it",
    title: "Meet the Team",
    intro:
      "A small group of engineers, researchers and designers who care about getting the details right. Between us we cover research, platform, design, security and community.",
  },
};

export const about: { mission: string; paragraphs: string[] } = {
  mission: "Our mission is to make helpful, trustworthy AI that anyone can afford and use, whatever their background or budget.",
  paragraphs: [
    `${site.companyName} is a young technology company building ${site.productName}, an assistant for students, the general public and enterprises. It began as one founder's project and has grown into a small team of engineers, researchers and designers.`,
    "We started because powerful AI felt out of reach for too many people: too expensive, too technical or too careless with personal data. We believe in doing this work with gratitude and purpose, so we build for clarity, fair prices in rupees and privacy you can check.",
    "We are based in Kanpur Nagar, Uttar Pradesh, and proud to be made in India. Our flagship assistant is coming soon; until then, join our community to follow the progress and help us test it.",
  ],
};

/** /about's "Read on" links, in the order of the route's HUB_LINKS (vision, features, story, team, community, contact). */
export const aboutHub: { title: string; text: string }[] = [
  { title: pageIntros.vision.title, text: "Eight principles behind every decision, from the first line of code to the price of a plan." },
  { title: pageIntros.features.title, text: "What the platform is built to do, for teams and for everyone else." },
  { title: pageIntros.story.title, text: "One curious teenager, free resources and a lot of late nights: how it began." },
  { title: pageIntros.team.title, text: "The engineers, researchers and designers who care about the details." },
  { title: "Join the community", text: "Early access, updates and a say in what we build next." },
  { title: "Contact us", text: "Questions, partnerships, support or press: a person on the team answers." },
];
