import { site } from "~/config/site";
import * as communityEn from "~/features/community/content";
import * as communityHi from "~/features/community/content.hi";
import { sections } from "~/shared/i18n/catalog/sections";
import { localeOfRequest } from "~/shared/i18n/locale";
import { fill, useMessages } from "~/shared/i18n/messages";
import { CardGrid } from "~/features/marketing/card-grid";
import { pageMeta } from "~/shared/lib/seo";
import { BrandIcon } from "~/shared/ui/brand-icons";
import { Container, PageHeader, Section } from "~/shared/ui/layout";
import type { Route } from "./+types/community";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Community", path: "/community", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const { communityIntro, joinCards, benefits } = localeOfRequest(request) === "hi" ? communityHi : communityEn;
  return { i18n: pageMessages(localeOfRequest(request), "sections"), intro: communityIntro, joinCards, benefits };
}

const LINKS = { x: site.community.x, telegram: site.community.telegram, whatsapp: site.community.whatsappChannel };

export default function Community({ loaderData }: Route.ComponentProps) {
  const { intro, joinCards, benefits } = loaderData;
  const t = useMessages("sections", sections);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-labelledby="join-cards-heading" className="py-16 sm:py-20">
        <Container>
          <h2 id="join-cards-heading" className="sr-only">
            {t.whereToJoin}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {joinCards.map((card) => (
              <li key={card.network} className="flex flex-col rounded-3xl bg-white p-7 shadow-card ring-1 ring-ink-200/70">
                <span className="scheme-light inline-flex size-12 items-center justify-center rounded-2xl bg-ink-950 text-white">
                  <BrandIcon network={card.network} className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-bold">{card.title}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-ink-600">{card.description}</p>
                <a
                  href={LINKS[card.network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="scheme-light mt-6 inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {card.cta}
                  <span className="sr-only"> {fill(t.opensInNewTab, { name: card.title })}</span>
                </a>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <Section id="benefits" eyebrow={t.whyJoinEyebrow} title={t.whyJoinTitle} tone="tint">
        <CardGrid cards={benefits} columns={3} />
      </Section>
    </>
  );
}
