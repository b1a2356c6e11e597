import * as legalEn from "~/features/legal/content";
import * as legalHi from "~/features/legal/content.hi";
import { GoverningNote } from "~/features/legal/governing-note";
import { localeOfRequest } from "~/shared/i18n/locale";
import { LegalSections } from "~/features/legal/legal-sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/license";
import { site } from "~/config/site";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.license.intro.title ?? "License", path: "/license", description: loaderData?.description ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const hindi = localeOfRequest(request) === "hi";
  return {
    i18n: pageMessages(localeOfRequest(request), "legal"),
    license: (hindi ? legalHi : legalEn).license,
    description: hindi
      ? `वे शर्तें जिनके तहत आप ${site.productName} की वेबसाइट, सॉफ़्टवेयर और सामग्री का इस्तेमाल कर सकते हैं।`
      : `The terms under which you may use ${site.productName}'s website, software and content.`,
  };
}

export default function License({ loaderData }: Route.ComponentProps) {
  const { intro, sections } = loaderData.license;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <Container className="max-w-[40rem] py-16 sm:py-20">
        <GoverningNote />
        <LegalSections sections={sections} />
      </Container>
    </>
  );
}
