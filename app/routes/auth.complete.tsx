import { useEffect } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { site } from "~/config/site";
import { AUTH_CHANNEL, type PopupResult } from "~/features/auth/social-sign-in";
import { cacheUser } from "~/features/auth/user-cache";
import { getViewer } from "~/request-context.server";
import type { Route } from "./+types/auth.complete";

export const meta: Route.MetaFunction = () => [{ title: `Signing you in… | ${site.productName}` }, { name: "robots", content: "noindex" }];

/** Where Google and GitHub sign-in ends, in the popup or (popup blocked) the main window. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("provider");
  const provider = raw === "github" ? "github" : "google";
  const user = url.searchParams.get("error") ? null : await getViewer(context);
  return { provider, via: url.searchParams.get("via") === "popup" ? "popup" : "redirect", user } as const;
}

export default function AuthComplete({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { provider, via, user } = loaderData;

  useEffect(() => {
    const result: PopupResult = { type: "oauth-result", provider, status: user ? "success" : "error" };
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
    // Same-window sign-in (popup blocked): carry on in this window.
    void (async () => {
      await navigate(user ? "/home" : `/auth?error=oauth&provider=${provider}`, { replace: true });
      await revalidator.revalidate();
    })();
  }, [provider, via, user, navigate, revalidator]);

  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-24">
      <p role="status" className="text-lg font-medium text-ink-700">
        Signing you in…
      </p>
    </div>
  );
}
