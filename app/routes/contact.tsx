import { useRouteLoaderData } from "react-router";
import { submitThroughServer } from "~/features/forms/form-client";
import { handleFormPageAction } from "~/features/forms/form-handlers.server";
import { FormPageBody } from "~/features/forms/form-page";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/shared/lib/seo";
import { PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    path: "/contact",
    description: "Write to the Tuesday AI team: questions, partnerships, support or press.",
  });

/** A plain form post (no JavaScript) and the fetcher both land here. */
export function action({ request, context }: Route.ActionArgs) {
  return handleFormPageAction("contact", request, context);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServer(serverAction);
}

export default function Page({ actionData }: Route.ComponentProps) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        intro="Questions, partnerships, support or press: write to us and a person on the team will answer."
      />
      <FormPageBody kind="contact" initial={actionData} defaults={user ?? undefined} />
    </>
  );
}
