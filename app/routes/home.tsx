import { site } from "~/config/site";
import { marketingCopy, siteLines, teamIn } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
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

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { title: site.productName, path: "/", description: loaderData?.site.description ?? site.description, tagline: loaderData?.site.tagline }),
  organizationJsonLd(originFrom(matches)),
];

// The copy travels as loader data, not as code: see docs/decisions/0005-initial-javascript-budget.md.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const { hero, values, whyChooseUs, vision, features, story } = marketingCopy(locale);
  return { hero, values, whyChooseUs, vision, features, story, team: teamIn(locale), site: siteLines(locale) };
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
