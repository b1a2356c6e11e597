import { useRouteLoaderData } from "react-router";
import { plans } from "~/features/pricing/plans";
import { PricingPlans } from "~/features/pricing/pricing-plans";
import { PLAN_INTERESTS, WaitlistSection } from "~/features/waitlist";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Pricing",
    path: "/pricing",
    description: "Plans from free to professional, priced in rupees, with 20% off yearly. Every plan is coming soon.",
  });

export default function Pricing() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Pricing"
        intro="Simple plans in rupees, from free to professional. Every plan is coming soon: pick the one you would choose, and join the community to hear first."
      />
      <section aria-label="Plans" className="bg-ink-50 py-16 sm:py-20">
        <Container className="2xl:max-w-7xl">
          <PricingPlans plans={plans} />
          <WaitlistSection
            id="plan-waitlist"
            title="Hear the day your plan launches"
            text="Every plan is coming soon. Leave your address and the plan you would choose: one mail to confirm, then only the launch news."
            interests={PLAN_INTERESTS}
            source="/pricing"
            viewer={viewer}
          />
        </Container>
      </section>
    </>
  );
}
