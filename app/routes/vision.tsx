import { site } from "~/config/site";
import { CardsPage } from "~/features/marketing/cards-page";
import { vision, pageIntros } from "~/features/marketing/content";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/vision";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "vision", path: "/vision", description: loaderData?.intro.intro ?? site.description });

export function loader() {
  return { intro: pageIntros.vision, cards: vision };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CardsPage intro={loaderData.intro} cards={loaderData.cards} columns={4} />;
}
