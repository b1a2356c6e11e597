import { useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import * as comingSoonEn from "~/features/coming-soon/content";
import * as comingSoonHi from "~/features/coming-soon/content.hi";
import { comingSoon } from "~/shared/i18n/catalog/coming-soon";
import { sections } from "~/shared/i18n/catalog/sections";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { CardGrid } from "~/features/marketing/card-grid";
import { WaitlistSection } from "~/features/waitlist";
import { interestsIn } from "~/features/waitlist/interests.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/coming-soon";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Coming Soon", path: "/coming-soon", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const { comingSoonIntro, comingSoonItems, joinCommunity } = localeOfRequest(request) === "hi" ? comingSoonHi : comingSoonEn;
  return {
    i18n: pageMessages(localeOfRequest(request), "comingSoon", "sections", "waitlist"),
    intro: comingSoonIntro,
    items: comingSoonItems,
    join: joinCommunity,
    interests: interestsIn(localeOfRequest(request), "all"),
  };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { intro, items, join, interests } = loaderData;
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const t = useMessages("comingSoon", comingSoon);
  const s = useMessages("sections", sections);
  const localize = useLocalize();
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label={s.onTheWay} className="py-16 sm:py-20">
        <Container>
          <CardGrid cards={items} columns={3} headingLevel="h2" />
          <WaitlistSection id="launch-waitlist" title={t.waitlistTitle} text={t.waitlistText} interests={interests} source="/coming-soon" viewer={viewer} />
          <div className="mt-14 rounded-3xl bg-brand-50 p-8 text-center ring-1 ring-brand-100 sm:p-12">
            <h2 className="text-2xl font-bold sm:text-3xl">{join.title}</h2>
            <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-700">{join.text}</p>
            <ButtonLink to={localize("/community")} size="lg" className="mt-8">
              {join.cta}
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
