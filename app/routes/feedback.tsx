import { useRouteLoaderData } from "react-router";
import { submitThroughServer } from "~/features/forms/form-client";
import { handleFormPageAction } from "~/features/forms/form-handlers.server";
import { FormPageBody } from "~/features/forms/form-page";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/feedback";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Share Your Feedback",
    path: "/feedback",
    description: "Tell the Tuesday AI team what works, what does not and what you would like to see next.",
  });

/** A plain form post (no JavaScript) and the fetcher both land here. */
export function action({ request, context }: Route.ActionArgs) {
  return handleFormPageAction("feedback", request, context);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServer(serverAction);
}

export default function Page({ actionData }: Route.ComponentProps) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  return (
    <>
      <PageHeader
        eyebrow="Feedback"
        title="Share Your Feedback"
        intro="What works, what doesn't, what you would like to see next: it all shapes what we build."
      />
      <FormPageBody kind="feedback" initial={actionData} defaults={user ?? undefined} />
    </>
  );
}
