import { data } from "react-router";
import { site } from "~/config/site";
import { NotFoundView } from "~/features/layout/not-found-view";
import { errors } from "~/shared/i18n/catalog/errors";
import { messagesFromMatches } from "~/shared/i18n/messages";
import type { Route } from "./+types/not-found";

/** Any unknown path: the not-found view with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${messagesFromMatches(matches, "errors", errors).notFoundPageTitle} | ${site.productName}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
