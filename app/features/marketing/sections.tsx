import type { TeamMember } from "~/config/site";
import { sections } from "~/shared/i18n/catalog/sections";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { Link } from "react-router";
import { ButtonLink } from "~/shared/ui/button";
import type { IconName } from "~/shared/ui/icons/names";
import { Icon } from "~/shared/ui/icon";
import { Container, Section } from "~/shared/ui/layout";
import { CardGrid } from "./card-grid";
import { TeamGrid } from "./team-grid";
import type { Card } from "~/shared/lib/content-types";

/** "See all …" under a home-page block, pointing at the block's own page. */
function More({ to, label }: { to: string; label: string }) {
  const localize = useLocalize();
  return (
    <div className="mt-10 text-center">
      <ButtonLink to={localize(to)} variant="secondary">
        {label}
        <Icon name="arrow-right" className="size-4" />
      </ButtonLink>
    </div>
  );
}

export function ValuesSection({ values }: { values: Card[] }) {
  const t = useMessages("sections", sections);
  return (
    <Section id="values" eyebrow={t.valuesEyebrow} title={t.valuesTitle} intro={t.valuesIntro}>
      <CardGrid cards={values} columns={3} />
    </Section>
  );
}

/**
 * "Why us", on the home page and on /about. Its button leads on from where it
 * stands: to /about from home, and from /about (where "More about us" led back
 * to the same page) to the team.
 */
export function WhyChooseUsSection({
  content,
  next = "about",
}: {
  content: { title: string; intro: string; points: Card[] };
  /** Where its button leads: /about (from home) or the team (from /about). */
  next?: "about" | "team";
}) {
  const t = useMessages("sections", sections);
  const localize = useLocalize();
  const button = next === "about" ? { to: "/about", label: t.moreAboutUs } : { to: "/team", label: t.meetTheTeam };
  return (
    <section id="why" aria-labelledby="why-heading" className="scheme-light bg-brand-950 py-16 text-white sm:py-20">
      <Container className="grid gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wider text-saffron-300 uppercase">{t.whyEyebrow}</p>
          <h2 id="why-heading" className="mt-2 text-3xl font-bold text-white sm:text-4xl">
            {content.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">{content.intro}</p>
          <ButtonLink to={localize(button.to)} variant="light" className="mt-8">
            {button.label}
          </ButtonLink>
        </div>
        <CardGrid cards={content.points} columns={2} tone="dark" />
      </Container>
    </section>
  );
}

export function VisionSection({ vision, more = true }: { vision: Card[]; more?: boolean }) {
  const t = useMessages("sections", sections);
  return (
    <Section id="vision" eyebrow={t.visionEyebrow} title={t.visionTitle} tone="tint">
      <CardGrid cards={vision} columns={4} swipeLabel={more ? t.visionSwipe : undefined} />
      {more && <More to="/vision" label={t.visionMore} />}
    </Section>
  );
}

export function FeaturesSection({ features, more = true }: { features: Card[]; more?: boolean }) {
  const t = useMessages("sections", sections);
  return (
    <Section id="features" eyebrow={t.featuresEyebrow} title={t.featuresTitle}>
      <CardGrid cards={features} columns={3} swipeLabel={more ? t.featuresSwipe : undefined} />
      {more && <More to="/features" label={t.featuresMore} />}
    </Section>
  );
}

export function StorySection({ story, more = true }: { story: Card[]; more?: boolean }) {
  const t = useMessages("sections", sections);
  return (
    <Section id="story" eyebrow={t.storyEyebrow} title={t.storyTitle} intro={t.storyIntro} tone="tint">
      <CardGrid cards={story} columns={2} numbered swipeLabel={more ? t.storySwipe : undefined} />
      {more && <More to="/story" label={t.storyMore} />}
    </Section>
  );
}

export function TeamSection({ team, more = true }: { team: TeamMember[]; more?: boolean }) {
  const t = useMessages("sections", sections);
  return (
    <Section id="team" eyebrow={t.teamEyebrow} title={t.teamTitle} intro={t.teamIntro}>
      <TeamGrid team={team} swipeLabel={more ? t.teamSwipe : undefined} />
      {more && <More to="/team" label={t.meetTheTeam} />}
    </Section>
  );
}

export function JoinBand() {
  const t = useMessages("sections", sections);
  const localize = useLocalize();
  return (
    <section aria-labelledby="join-heading" className="scheme-light bg-gradient-to-r from-brand-700 to-brand-900 py-16 text-white">
      <Container className="flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
        <div>
          <h2 id="join-heading" className="text-2xl font-bold text-white sm:text-3xl">
            {t.joinTitle}
          </h2>
          <p className="mt-2 text-brand-100">{t.joinText}</p>
        </div>
        <ButtonLink to={localize("/community")} variant="light" size="lg" className="shrink-0 whitespace-nowrap">
          {t.joinCta}
        </ButtonLink>
      </Container>
    </section>
  );
}

export interface HubLink {
  to: string;
  icon: IconName;
  title: string;
  text: string;
}

/**
 * /about's own block: where to read on (vision, features, story, team, the
 * community, a word with us). /about is the page of the values and why-us
 * blocks, which home shows too; this makes it the hub it should be rather
 * than a copy of home (issue 22).
 */
export function AboutHub({ links }: { links: HubLink[] }) {
  const t = useMessages("sections", sections);
  const localize = useLocalize();
  return (
    <Section id="explore" eyebrow={t.readOnEyebrow} title={t.readOnTitle} tone="tint">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={localize(link.to)}
              className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 transition-shadow hover:shadow-lift focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={link.icon} className="size-[22px]" />
              </span>
              <h3 className="mt-4 flex items-center gap-2 text-lg font-semibold text-ink-950">
                {link.title}
                <Icon name="arrow-right" className="size-4 text-brand-700 transition-transform group-hover:translate-x-0.5" />
              </h3>
              <p className="mt-2 text-[15px] leading-relaxed text-ink-600">{link.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
