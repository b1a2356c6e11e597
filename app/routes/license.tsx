import { license } from "~/features/legal/content";
import { LegalSections } from "~/features/legal/legal-sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/license";
import { site } from "~/config/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "License",
    path: "/license",
    description: `The terms under which you may use ${site.productName}'s website, software and content.`,
  });

export function loader() {
  return { license };
}

export default function License({ loaderData }: Route.ComponentProps) {
  const { intro, sections } = loaderData.license;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <Container className="max-w-[40rem] py-16 sm:py-20">
        <LegalSections sections={sections} />
      </Container>
    </>
  );
}
