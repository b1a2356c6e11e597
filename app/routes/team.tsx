import { site, team } from "~/config/site";
import { pageIntros } from "~/features/marketing/content";
import { JoinBand } from "~/features/marketing/sections";
import { TeamGrid } from "~/features/marketing/team-grid";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Team", path: "/team", description: loaderData?.intro.intro ?? site.description });

export function loader() {
  return { intro: pageIntros.team, team };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { intro, team } = loaderData;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label="Team members" className="py-16 sm:py-20">
        <Container>
          <TeamGrid team={team} headingLevel="h2" />
        </Container>
      </section>
      <JoinBand />
    </>
  );
}
