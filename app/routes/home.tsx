import { site } from "~/config/site";
import { marketingCopy, siteLines } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useLocale } from "~/shared/i18n/use-locale";
import { Hero } from "~/features/marketing/hero";
import type { HomeSectionsProps } from "~/features/marketing/home-sections";
import { organizationJsonLd, originFrom, pageMeta } from "~/shared/lib/seo";
import { island } from "~/shared/ui/island";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { title: site.productName, path: "/", description: loaderData?.site.description ?? site.description, tagline: loaderData?.site.tagline }),
  organizationJsonLd(originFrom(matches)),
];

// The hero's copy travels as loader data, not as code (docs/decisions/0005-initial-javascript-budget.md); the
// blocks below it are a static island that is handed only the language and brings its own words when the
// browser draws it (features/marketing/home-copy.ts), so the page's data does not repeat what its markup shows.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return { hero: marketingCopy(locale).hero, site: siteLines(locale) };
}

/** Everything below the hero: static on the server's page (shared/ui/island.tsx); the hero keeps its particles. */
const HomeSections = island<HomeSectionsProps>("home-sections", () => import("~/features/marketing/home-sections"));

export default function Home({ loaderData }: Route.ComponentProps) {
  // The language is the path's (useLocale), the same on the server, in the prerender and in the browser.
  const locale = useLocale();
  return (
    <>
      <Hero content={loaderData.hero} />
      <HomeSections locale={locale} />
    </>
  );
}
