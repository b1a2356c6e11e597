import { site } from "~/config/site";
import { CardsPage } from "~/features/marketing/cards-page";
import { marketingCopy } from "~/features/marketing/localized.server";
import { localeOfRequest } from "~/shared/i18n/locale";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/vision";
import { pageMessages } from "~/shared/i18n/messages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "vision", path: "/vision", description: loaderData?.intro.intro ?? site.description });

export function loader({ request }: Route.LoaderArgs) {
  const copy = marketingCopy(localeOfRequest(request));
  return { i18n: pageMessages(localeOfRequest(request), "sections"), intro: copy.pageIntros.vision, cards: copy.vision };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CardsPage intro={loaderData.intro} cards={loaderData.cards} columns={4} />;
}
