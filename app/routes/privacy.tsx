import * as legalEn from "~/features/legal/content";
import * as legalHi from "~/features/legal/content.hi";
import { GoverningNote } from "~/features/legal/governing-note";
import { legal } from "~/shared/i18n/catalog/legal";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { CardGrid } from "~/features/marketing/card-grid";
import { ParticlesBackground } from "~/features/particles";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/privacy";
import { site } from "~/config/site";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.privacy.intro.title ?? "Privacy Policy", path: "/privacy", description: loaderData?.description ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const hindi = localeOfRequest(request) === "hi";
  return {
    i18n: pageMessages(localeOfRequest(request), "legal"),
    privacy: (hindi ? legalHi : legalEn).privacy,
    description: hindi
      ? `${site.productName} कम से कम डेटा कैसे लेता है, जो रखता है उसे कैसे सुरक्षित रखता है और GDPR व CCPA के तहत आपके अधिकारों का सम्मान कैसे करता है।`
      : `How ${site.productName} collects as little data as possible, protects what it keeps and respects your rights under GDPR and CCPA.`,
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { intro, subtitle, cards, lastUpdated } = loaderData.privacy;
  const t = useMessages("legal", legal);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={subtitle}>
        <ParticlesBackground id="privacy-particles" />
      </PageHeader>
      <section aria-label={t.privacyCommitments} className="py-16 sm:py-20">
        <Container>
          <GoverningNote />
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
