import { site } from "~/config/site";
import { marketingCopy, teamIn } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { sections } from "~/shared/i18n/catalog/sections";
import { useMessages } from "~/shared/i18n/messages";
import { JoinBand } from "~/features/marketing/sections";
import { TeamGrid } from "~/features/marketing/team-grid";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/team";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Team", path: "/team", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return { i18n: pageMessages(locale, "sections"), intro: marketingCopy(locale).pageIntros.team, team: teamIn(locale) };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { intro, team } = loaderData;
  const t = useMessages("sections", sections);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label={t.teamMembers} className="py-16 sm:py-20">
        <Container>
          <TeamGrid team={team} headingLevel="h2" />
        </Container>
      </section>
      <JoinBand />
    </>
  );
}
