/** Copy for the /product page. Every product is still in development. */
import type { Card, PageIntro } from "~/shared/lib/content-types";
import { site } from "~/config/site";

export type Product = Card & { status: string; highlights: string[] };

export const productsIntro: PageIntro = {
  eyebrow: "What we are building",
  title: "Products",
  intro: `From the language model underneath to the devices in your hand, everything ${site.companyName} makes is designed to be useful, affordable and private. None of it has launched yet; here is what is on the way.`,
};

export const products: Product[] = [
  {
    title: `${site.productFamily} LLM`,
    description: `Our own large language model, the engine behind every ${site.productFamily} product. It is being trained and evaluated with Indian users, languages and budgets in mind.`,
    icon: "brain",
    status: "Coming Soon",
    highlights: [
      "Tuned for clear, plain-language answers",
      "Evaluated for accuracy and safety before release",
      "Efficient enough to keep prices in rupees low",
    ],
  },
  {
    title: `${site.productFamily} Assistant`,
    description: "Our flagship AI assistant for study, work and everyday questions. Ask in your own words and get help you can understand and act on.",
    icon: "bot",
    status: "Coming Soon",
    highlights: ["No coding experience required", "Free and student plans planned", "Your data stays yours: download or delete it anytime"],
  },
  {
    title: `${site.productFamily} Watch`,
    description: "A smartwatch with the assistant on your wrist. Quick answers, reminders and health-minded nudges without reaching for your phone.",
    icon: "watch",
    status: "Coming Soon",
    highlights: ["Voice-first help on the go", "Reminders and daily summaries", "Designed for all-day comfort and battery life"],
  },
  {
    title: `${site.productFamily} Devices`,
    description:
      "A family of AI-powered devices for homes, classrooms and small businesses. Helpful hardware that is simple to set up and respectful of your privacy.",
    icon: "smartphone",
    status: "Coming Soon",
    highlights: ["Simple setup, no technical skills needed", "Built for shared spaces like homes and classrooms", "Privacy controls you can see and change"],
  },
];
