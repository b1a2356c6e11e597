import { redirect } from "react-router";
import { signOut } from "~/features/auth/auth-actions.server";
import { appContext } from "~/request-context.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { Button } from "~/shared/ui/button";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/auth.sign-out";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: messagesFromMatches(matches, "auth", authWords).messages.signOutFailed },
  { name: "robots", content: "noindex" },
];

/** POST /auth/sign-out: the Sign Out buttons' form. Success goes home; the home page says so. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const { auth } = await app.services();
  return signOut({ auth, headers: app.authHeaders(), flash: app.flashHeader, locale: localeOfRequest(request) });
}

/** A GET (a typed URL, a prefetch) signs nobody out. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(localizedPath("/profile", localeOfRequest(request)));
}

/** Only reached by a plain form post that failed. */
export default function SignOutFailed() {
  const t = useMessages("auth", authWords);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t.messages.signOutFailed}</h1>
      <form method="post">
        <Button type="submit">{t.signOut.tryAgain}</Button>
      </form>
    </div>
  );
}
