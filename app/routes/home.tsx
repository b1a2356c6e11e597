import { site } from "~/config/site";
import { marketingCopy, siteLines } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useLocale } from "~/shared/i18n/use-locale";
import { Hero } from "~/features/marketing/hero";
import HomeSections from "~/features/marketing/home-sections";
import { organizationJsonLd, originFrom, pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: site.productName,
    path: "/",
    description: loaderData?.site.description ?? site.description,
    tagline: loaderData?.site.tagline,
  }),
  organizationJsonLd(originFrom(matches)),
];

// The hero's copy travels as loader data; the blocks below it bring their own words, in the page's language
// (features/marketing/home-copy.ts), when a hydrated page draws the home page in the browser.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return { hero: marketingCopy(locale).hero, site: siteLines(locale) };
}

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
