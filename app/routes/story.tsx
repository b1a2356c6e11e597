import { site } from "~/config/site";
import { CardsPage } from "~/features/marketing/cards-page";
import { story, pageIntros } from "~/features/marketing/content";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/story";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.intro.title ?? "story", path: "/story", description: loaderData?.intro.intro ?? site.description });

export function loader() {
  return { intro: pageIntros.story, cards: story };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CardsPage intro={loaderData.intro} cards={loaderData.cards} columns={2} numbered />;
}
