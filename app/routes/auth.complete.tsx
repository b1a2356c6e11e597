import { useEffect } from "react";
import { data, redirect } from "react-router";
import { site } from "~/config/site";
import { endOfRoundTrip } from "~/features/auth/provider-return.server";
import { AUTH_CHANNEL, LINK_NEEDS_TWO_FACTOR, type PopupResult } from "~/features/auth/social-sign-in";
import { cacheUser } from "~/features/auth/user-cache";
import { getViewer } from "~/request-context.server";
import { auth as authWords } from "~/shared/i18n/catalog/auth";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches, useMessages } from "~/shared/i18n/messages";
import { pageMessages } from "~/shared/i18n/messages.server";
import { useLocalize } from "~/shared/i18n/use-locale";
import type { PageHandle } from "~/shared/lib/page-handle";
import type { Route } from "./+types/auth.complete";

/** Its script reports to the opener and closes the popup with nobody touching it. */
export const handle: PageHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${messagesFromMatches(matches, "auth", authWords).complete.signingIn} | ${site.productName}` },
  { name: "robots", content: "noindex" },
];

/**
 * Where Google and GitHub sign-in ends, in the popup or (popup blocked, or no
 * JavaScript) the main window. With two-factor on, the provider's callback
 * left a challenge instead of a session (`two-factor=1`): the code is next.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  const raw = url.searchParams.get("provider");
  const provider = raw === "github" ? "github" : "google";
  const via = url.searchParams.get("via") === "popup" ? "popup" : "redirect";
  const twoFactor = url.searchParams.get("two-factor") === "1" && !url.searchParams.get("error");
  const user = url.searchParams.get("error") || twoFactor ? null : await getViewer(context);
  // The refusal the sign-in page has words of its own for (Better Auth adds its code beside our error=1).
  const error = url.searchParams.getAll("error").includes(LINK_NEEDS_TWO_FACTOR) ? LINK_NEEDS_TWO_FACTOR : undefined;
  // The round trip ends here, however it went (features/auth/provider-return.server.ts).
  const headers = endOfRoundTrip(request);
  // In the main window there is nothing to report to an opener: go on at once (also without JavaScript).
  if (via === "redirect") {
    if (twoFactor) throw redirect(localizedPath("/auth/two-factor", locale), { headers });
    throw redirect(localizedPath(user ? "/home" : `/auth?error=${error ?? "oauth"}&provider=${provider}`, locale), { headers });
  }
  return data({ provider, via, user, error, status: user ? "success" : twoFactor ? "two-factor" : "error", i18n: pageMessages(locale, "auth") } as const, {
    headers,
  });
}

export default function AuthComplete({ loaderData }: Route.ComponentProps) {
  const t = useMessages("auth", authWords);
  const localize = useLocalize();
  const { provider, via, user, status, error } = loaderData;

  useEffect(() => {
    const result: PopupResult = { type: "oauth-result", provider, status, error };
    if (user) cacheUser(user);
    if (via === "popup" && window.opener) {
      const channel = new BroadcastChannel(AUTH_CHANNEL);
      channel.postMessage(result);
      channel.close();
      try {
        (window.opener as Window).postMessage(result, window.location.origin);
      } catch {
        // a cross-origin opener: the channel message is enough
      }
      window.close();
      return;
    }
    // Same-window sign-in (popup blocked): carry on in this window, as a document load (the pages it
    // leads to run their own scripts, not React Router: ADR 0035, 0045), with the new session's cookie.
    window.location.replace(localize(user ? "/home" : status === "two-factor" ? "/auth/two-factor" : `/auth?error=${error ?? "oauth"}&provider=${provider}`));
  }, [provider, via, user, status, error, localize]);

  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-24">
      <p role="status" className="text-lg font-medium text-ink-700">
        {t.complete.signingIn}
      </p>
    </div>
  );
}
