import { formatAddress, site } from "~/config/site";
import * as legalEn from "~/features/legal/content";
import * as legalHi from "~/features/legal/content.hi";
import { GoverningNote } from "~/features/legal/governing-note";
import { legal } from "~/shared/i18n/catalog/legal";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { CardGrid } from "~/features/marketing/card-grid";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/terms";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.terms.intro.title ?? "Terms of Service", path: "/terms", description: loaderData?.description ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const hindi = localeOfRequest(request) === "hi";
  return {
    i18n: pageMessages(localeOfRequest(request), "legal"),
    terms: (hindi ? legalHi : legalEn).terms,
    description: hindi
      ? `${site.productName} के इस्तेमाल की शर्तें: खाते, उत्पाद, रुपये (INR) में कीमतें, भुगतान, वापसी और रिफ़ंड।`
      : `The terms for using ${site.productName}: accounts, products, pricing in INR, payments, returns and refunds.`,
  };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { intro, cards, contactTitle } = loaderData.terms;
  const t = useMessages("legal", legal);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label={t.terms} className="py-16 sm:py-20">
        <Container>
          <GoverningNote />
          <CardGrid cards={cards} columns={3} headingLevel="h2" />
          <section aria-labelledby="terms-contact" className="mx-auto mt-14 max-w-3xl rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100">
            <h2 id="terms-contact" className="text-2xl font-bold">
              {contactTitle}
            </h2>
            <dl className="mt-6 grid gap-5 sm:grid-cols-2">
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="mail" className="absolute top-0.5 left-0 text-brand-700" />
                  {t.email}
                </dt>
                <dd>
                  <a href={`mailto:${site.contactEmail}`} className="font-medium text-brand-700 underline underline-offset-2">
                    {site.contactEmail}
                  </a>
                </dd>
              </div>
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="map-pin" className="absolute top-0.5 left-0 text-brand-700" />
                  {t.address}
                </dt>
                <dd className="text-ink-800" translate="no">
                  {formatAddress()}
                </dd>
              </div>
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="building-2" className="absolute top-0.5 left-0 text-brand-700" />
                  {t.businessName}
                </dt>
                <dd className="text-ink-800" translate="no">
                  {site.businessName}
                </dd>
              </div>
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="receipt" className="absolute top-0.5 left-0 text-brand-700" />
                  {t.billingName}
                </dt>
                <dd className="text-ink-800" translate="no">
                  {site.billingName}
                </dd>
              </div>
            </dl>
          </section>
        </Container>
      </section>
    </>
  );
}
