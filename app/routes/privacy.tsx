import { privacy } from "~/features/legal/content";
import { CardGrid } from "~/features/marketing/card-grid";
import { ParticlesBackground } from "~/features/particles";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/privacy";
import { site } from "~/config/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    path: "/privacy",
    description: `How ${site.productName} collects as little data as possible, protects what it keeps and respects your rights under GDPR and CCPA.`,
  });

export function loader() {
  return { privacy };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { intro, subtitle, cards, lastUpdated } = loaderData.privacy;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={subtitle}>
        <ParticlesBackground id="privacy-particles" />
      </PageHeader>
      <section aria-label="Our privacy commitments" className="py-16 sm:py-20">
        <Container>
          <p className="mx-auto max-w-xl text-center text-lg leading-relaxed text-balance text-ink-700">{intro.intro}</p>
          <div className="mt-12">
            <CardGrid cards={cards} columns={3} headingLevel="h2" />
          </div>
          <p className="mt-12 text-center text-sm font-medium text-ink-600">{lastUpdated}</p>
        </Container>
      </section>
    </>
  );
}
