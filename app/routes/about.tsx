import { site } from "~/config/site";
import { about, pageIntros, values, whyChooseUs } from "~/features/marketing/content";
import { AboutHub, type HubLink, JoinBand, ValuesSection, WhyChooseUsSection } from "~/features/marketing/sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "About", path: "/about", description: loaderData?.intro.intro ?? site.description });

/** Where /about leads on: each block's own page, the community and a word with us. */
const HUB: HubLink[] = [
  { to: "/vision", icon: "compass", title: pageIntros.vision.title, text: "Eight principles behind every decision, from the first line of code to the price of a plan." },
  { to: "/features", icon: "cpu", title: pageIntros.features.title, text: "What the platform is built to do, for teams and for everyone else." },
  { to: "/story", icon: "book-open", title: pageIntros.story.title, text: "One curious teenager, free resources and a lot of late nights: how it began." },
  { to: "/team", icon: "users", title: pageIntros.team.title, text: "The engineers, researchers and designers who care about the details." },
  { to: "/community", icon: "message-circle", title: "Join the community", text: "Early access, updates and a say in what we build next." },
  { to: "/contact", icon: "mail", title: "Contact us", text: "Questions, partnerships, support or press: a person on the team answers." },
];

export function loader() {
  return { intro: pageIntros.about, about, values, whyChooseUs, hub: HUB };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, about, values, whyChooseUs, hub } = loaderData;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-labelledby="mission-heading" className="py-16 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Our mission</p>
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
      <WhyChooseUsSection content={whyChooseUs} next={{ to: "/team", label: "Meet the team" }} />
      <AboutHub links={hub} />
      <JoinBand />
    </>
  );
}
