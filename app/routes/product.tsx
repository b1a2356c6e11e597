import { useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import * as productsEn from "~/features/products/content";
import * as productsHi from "~/features/products/content.hi";
import { products as productsText } from "~/shared/i18n/catalog/products";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { JoinBand } from "~/features/marketing/sections";
import { WaitlistSection } from "~/features/waitlist";
import { interestsIn } from "~/features/waitlist/interests.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { Icon } from "~/shared/ui/icon";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/product";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "Products", path: "/product", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const { productsIntro, products } = localeOfRequest(request) === "hi" ? productsHi : productsEn;
  return {
    i18n: pageMessages(localeOfRequest(request), "products", "sections", "waitlist"),
    intro: productsIntro,
    products,
    interests: interestsIn(localeOfRequest(request), "products"),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { intro, products, interests } = loaderData;
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const t = useMessages("products", productsText);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <section aria-label={intro.title} className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-6 md:grid-cols-2">
            {products.map((product) => (
              <li key={product.title} className="flex flex-col rounded-3xl bg-white p-7 shadow-card ring-1 ring-ink-200/70">
                <div className="flex items-start justify-between gap-4">
                  <span className="scheme-light inline-flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-800 text-white">
                    <Icon name={product.icon} className="size-7" />
                  </span>
                  <span className="rounded-full bg-saffron-300/40 px-3 py-1 text-xs font-semibold text-ink-900 ring-1 ring-saffron-400/60">
                    {product.status}
                  </span>
                </div>
                <h2 className="mt-5 text-2xl font-bold">{product.title}</h2>
                <p className="mt-3 leading-relaxed text-ink-600">{product.description}</p>
                <ul className="mt-5 space-y-2 text-[15px] text-ink-700">
                  {product.highlights.map((h) => (
                    <li key={h} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 size-4 text-brand-600" />
                      {h}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <WaitlistSection id="product-waitlist" title={t.waitlistTitle} text={t.waitlistText} interests={interests} source="/product" viewer={viewer} />
        </Container>
      </section>
      <JoinBand />
    </>
  );
}
