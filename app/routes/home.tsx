import { site, team } from "~/config/site";
import { features, hero, story, values, vision, whyChooseUs } from "~/features/marketing/content";
import { Hero } from "~/features/marketing/hero";
import {
  FeaturesSection,
  JoinBand,
  StorySection,
  TeamSection,
  ValuesSection,
  VisionSection,
  WhyChooseUsSection,
} from "~/features/marketing/sections";
import { organizationJsonLd, originFrom, pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: site.productName, path: "/", description: site.description }),
  organizationJsonLd(originFrom(matches)),
];

// The copy travels as loader data, not as code: see docs/decisions/0005-initial-javascript-budget.md.
export function loader() {
  return { hero, values, whyChooseUs, vision, features, story, team };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero content={loaderData.hero} />
      <ValuesSection values={loaderData.values} />
      <WhyChooseUsSection content={loaderData.whyChooseUs} />
      <VisionSection vision={loaderData.vision} />
      <FeaturesSection features={loaderData.features} />
      <StorySection story={loaderData.story} />
      <TeamSection team={loaderData.team} />
      <JoinBand />
    </>
  );
}
