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
      {/* The long blocks below the first screen are laid out only as they come near (app.css: below-fold). */}
      <div className="below-fold">
        <ValuesSection values={loaderData.values} />
      </div>
      <div className="below-fold">
        <WhyChooseUsSection content={loaderData.whyChooseUs} />
      </div>
      <div className="below-fold">
        <VisionSection vision={loaderData.vision} />
      </div>
      <div className="below-fold">
        <FeaturesSection features={loaderData.features} />
      </div>
      <div className="below-fold">
        <StorySection story={loaderData.story} />
      </div>
      <div className="below-fold">
        <TeamSection team={loaderData.team} />
      </div>
      <JoinBand />
    </>
  );
}
