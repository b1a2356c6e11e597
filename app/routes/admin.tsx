import { Outlet, useRouteLoaderData } from "react-router";
import { site } from "~/config/site";
import { AdminShell } from "~/features/admin/admin-shell";
import { FlashBanner } from "~/features/layout/flash-banner";
import type { loader as rootLoader } from "~/root";
import { requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin";
import type { PageHandle } from "~/shared/lib/page-handle";

/** Runs React Router in the browser: the console is an app of its own (ADR 0029) (ADR 0035). */
export const handle: PageHandle = { hydrate: true };

/**
 * The operator console's frame. Every child route checks the operator again
 * itself (loaders run side by side, so this check does not guard them).
 */
export const meta: Route.MetaFunction = () => [{ title: `Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const operator = await requireOperator(context);
  return { email: operator.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  return (
    <AdminShell operatorEmail={loaderData.email} notice={<FlashBanner flash={flash} />}>
      <Outlet />
    </AdminShell>
  );
}
