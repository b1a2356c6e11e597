import { site } from "~/config/site";
import { about, pageIntros, values, whyChooseUs } from "~/features/marketing/content";
import { JoinBand, ValuesSection, WhyChooseUsSection } from "~/features/marketing/sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "About", path: "/about", description: loaderData?.intro.intro ?? site.description });

export function loader() {
  return { intro: pageIntros.about, about, values, whyChooseUs };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, about, values, whyChooseUs } = loaderData;
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
      <JoinBand />
    </>
  );
}
