import { useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import { plans as plansEn } from "~/features/pricing/plans";
import { plans as plansHi } from "~/features/pricing/plans.hi";
import { PricingPlans } from "~/features/pricing/pricing-plans";
import { WaitlistSection } from "~/features/waitlist";
import { interestsIn } from "~/features/waitlist/interests.server";
import { pricing } from "~/shared/i18n/catalog/pricing";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/pricing";
// The ₹ of every price: Inter's own glyph in a file of its own (app.css), which only this page draws.
import rupeeFont from "~/shared/fonts/inter-rupee-wght-normal.woff2?url";

/**
 * The browser would find the rupee's file only when it lays out the first price, a round trip after
 * the stylesheet: preloaded, it comes beside the other fonts (ADR 0019, "Fonts": FCP 1,062 → 911 ms).
 */
export const links: Route.LinksFunction = () => [{ rel: "preload", href: rupeeFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.page.title ?? "Pricing", path: "/pricing", description: loaderData?.page.description ?? site.description });

// The plans travel as loader data, in the page's language (and out of the page's JavaScript).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const page =
    locale === "hi"
      ? {
          title: "कीमतें",
          description: "मुफ़्त से लेकर प्रोफ़ेशनल तक, रुपये में तय प्लान, सालाना भुगतान पर 20% की छूट। सभी प्लान जल्द आ रहे हैं।",
          intro: "रुपये में सीधे-सादे प्लान, मुफ़्त से प्रोफ़ेशनल तक। सभी प्लान जल्द आ रहे हैं: जो प्लान आप चुनना चाहेंगे उसे देखिए, और सबसे पहले ख़बर पाने के लिए समुदाय से जुड़िए।",
        }
      : {
          title: "Pricing",
          description: "Plans from free to professional, priced in rupees, with 20% off yearly. Every plan is coming soon.",
          intro:
            "Simple plans in rupees, from free to professional. Every plan is coming soon: pick the one you would choose, and join the community to hear first.",
        };
  return { i18n: pageMessages(locale, "pricing", "waitlist"), page, plans: locale === "hi" ? plansHi : plansEn, interests: interestsIn(locale, "plans") };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const t = useMessages("pricing", pricing);
  const { page, plans, interests } = loaderData;
  return (
    <>
      <PageHeader eyebrow={page.title} title={page.title} intro={page.intro} />
      <section aria-label={t.plans} className="bg-ink-50 py-16 sm:py-20">
        <Container className="2xl:max-w-7xl">
          <PricingPlans plans={plans} />
          <WaitlistSection id="plan-waitlist" title={t.waitlistTitle} text={t.waitlistText} interests={interests} source="/pricing" viewer={viewer} />
        </Container>
      </section>
    </>
  );
}
