import { formatAddress, site } from "~/config/site";
import { terms } from "~/features/legal/content";
import { CardGrid } from "~/features/marketing/card-grid";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    path: "/terms",
    description: `The terms for using ${site.productName}: accounts, products, pricing in INR, payments, returns and refunds.`,
  });

export function loader() {
  return { terms };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { intro, cards, contactTitle } = loaderData.terms;
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label="Terms" className="py-16 sm:py-20">
        <Container>
          <CardGrid cards={cards} columns={3} headingLevel="h2" />
          <section aria-labelledby="terms-contact" className="mx-auto mt-14 max-w-3xl rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100">
            <h2 id="terms-contact" className="text-2xl font-bold">
              {contactTitle}
            </h2>
            <dl className="mt-6 grid gap-5 sm:grid-cols-2">
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="mail" className="absolute top-0.5 left-0 text-brand-700" />
                  Email
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
                  Address
                </dt>
                <dd className="text-ink-800">{formatAddress()}</dd>
              </div>
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="building-2" className="absolute top-0.5 left-0 text-brand-700" />
                  Business name
                </dt>
                <dd className="text-ink-800">{site.businessName}</dd>
              </div>
              <div className="relative pl-8">
                <dt className="text-sm font-semibold text-ink-600">
                  <Icon name="receipt" className="absolute top-0.5 left-0 text-brand-700" />
                  Billing name
                </dt>
                <dd className="text-ink-800">{site.billingName}</dd>
              </div>
            </dl>
          </section>
        </Container>
      </section>
    </>
  );
}
