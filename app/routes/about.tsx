import { site } from "~/config/site";
import { marketingCopy } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { AboutHub, type HubLink, JoinBand, ValuesSection, WhyChooseUsSection } from "~/features/marketing/sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import { sections } from "~/shared/i18n/catalog/sections";
import { useMessages } from "~/shared/i18n/messages";
import type { Route } from "./+types/about";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "About", path: "/about", description: loaderData?.intro.intro ?? site.description });

/** Where /about leads on: each block's own page, the community and a word with us (the copy's `aboutHub`). */
const HUB_LINKS: Pick<HubLink, "to" | "icon">[] = [
  { to: "/vision", icon: "compass" },
  { to: "/features", icon: "cpu" },
  { to: "/story", icon: "book-open" },
  { to: "/team", icon: "users" },
  { to: "/community", icon: "message-circle" },
  { to: "/contact", icon: "mail" },
];

export function loader({ request }: Route.LoaderArgs) {
  const { pageIntros, about, values, whyChooseUs, aboutHub } = marketingCopy(localeOfRequest(request));
  const hub: HubLink[] = HUB_LINKS.map((link, i) => ({ ...link, ...aboutHub[i]! }));
  return { i18n: pageMessages(localeOfRequest(request), "sections"), intro: pageIntros.about, about, values, whyChooseUs, hub };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, about, values, whyChooseUs, hub } = loaderData;
  const t = useMessages("sections", sections);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-labelledby="mission-heading" className="py-16 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{t.ourMission}</p>
            <h2 id="mission-heading" className="mt-2 text-3xl font-bold text-balance sm:text-4xl">
              {about.mission}
            </h2>
          </div>
          <div className="space-y-5 text-lg leading-relaxed text-ink-700">
            {about.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
        </Container>
      </section>
      <ValuesSection values={values} />
      <WhyChooseUsSection content={whyChooseUs} next="team" />
      <AboutHub links={hub} />
      <JoinBand />
    </>
  );
}
