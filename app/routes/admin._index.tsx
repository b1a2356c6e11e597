import { redirect } from "react-router";
import { requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin._index";

/** /admin opens on the inbox. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  throw redirect("/admin/messages");
}

/** Never rendered (the loader always redirects); a component keeps this a page, so a refusal renders the not-found page. */
export default function AdminIndex() {
  return null;
}
