import { useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import { comingSoonIntro, comingSoonItems, joinCommunity } from "~/features/coming-soon/content";
import { CardGrid } from "~/features/marketing/card-grid";
import { INTERESTS, WaitlistSection } from "~/features/waitlist";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Coming Soon", path: "/coming-soon", description: loaderData?.intro.intro ?? site.description });

export function loader() {
  return { intro: comingSoonIntro, items: comingSoonItems, join: joinCommunity };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { intro, items, join } = loaderData;
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label="On the way" className="py-16 sm:py-20">
        <Container>
          <CardGrid cards={items} columns={3} headingLevel="h2" />
          <WaitlistSection
            id="launch-waitlist"
            title="Get one mail at launch"
            text="Tell us what you are waiting for, a plan or a product, and we will write the day it is ready."
            interests={INTERESTS}
            source="/coming-soon"
            viewer={viewer}
          />
          <div className="mt-14 rounded-3xl bg-brand-50 p-8 text-center ring-1 ring-brand-100 sm:p-12">
            <h2 className="text-2xl font-bold sm:text-3xl">{join.title}</h2>
            <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-700">{join.text}</p>
            <ButtonLink to="/community" size="lg" className="mt-8">
              {join.cta}
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
