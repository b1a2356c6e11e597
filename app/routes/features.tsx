import { site } from "~/config/site";
import { CardsPage } from "~/features/marketing/cards-page";
import { marketingCopy } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/features";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "features", path: "/features", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const copy = marketingCopy(localeOfRequest(request));
  return { i18n: pageMessages(localeOfRequest(request), "sections"), intro: copy.pageIntros.features, cards: copy.features };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CardsPage intro={loaderData.intro} cards={loaderData.cards} columns={3} />;
}
