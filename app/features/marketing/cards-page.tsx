import { Container, PageHeader } from "~/shared/ui/layout";
import { CardGrid } from "./card-grid";
import { JoinBand } from "./sections";
import type { Card, PageIntro } from "~/shared/lib/content-types";

/** The page of one home block (vision, features, story): its introduction, its cards, the join band. */
export function CardsPage({ intro, cards, columns, numbered }: { intro: PageIntro; cards: Card[]; columns: 2 | 3 | 4; numbered?: boolean }) {
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label={intro.title} className="py-16 sm:py-20">
        <Container>
          <CardGrid cards={cards} columns={columns} headingLevel="h2" numbered={numbered} />
        </Container>
      </section>
      <JoinBand />
    </>
  );
}
