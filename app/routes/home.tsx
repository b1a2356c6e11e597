import { site } from "~/config/site";
import { marketingCopy, siteLines, teamIn } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { Hero } from "~/features/marketing/hero";
import type { HomeSectionsProps } from "~/features/marketing/home-sections";
import { organizationJsonLd, originFrom, pageMeta } from "~/shared/lib/seo";
import { island } from "~/shared/ui/island";
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

/** Everything below the hero: static on the server's page (shared/ui/island.tsx); the hero keeps its particles. */
const HomeSections = island<HomeSectionsProps>("home-sections", () => import("~/features/marketing/home-sections"));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, values, whyChooseUs, vision, features, story, team } = loaderData;
  return (
    <>
      <Hero content={hero} />
      <HomeSections values={values} whyChooseUs={whyChooseUs} vision={vision} features={features} story={story} team={team} />
    </>
  );
}
