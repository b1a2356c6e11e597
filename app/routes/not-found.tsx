import { data } from "react-router";
import { site } from "~/config/site";
import { NotFoundView } from "~/features/layout/not-found-view";
import type { Route } from "./+types/not-found";

/** Any unknown path: the not-found view with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${site.productName}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
