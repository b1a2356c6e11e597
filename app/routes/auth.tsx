import { redirect } from "react-router";
import { env } from "~/config/env.server";
import { AuthForm, type AuthMode } from "~/features/auth/auth-form";
import { noticeFromQuery } from "~/features/auth/messages";
import { getSessionUser } from "~/features/auth/session.server";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Sign in",
    path: "/auth",
    description: "Sign in to Tuesday AI or create a free account with your email, Google or GitHub.",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in, verified visitor has nothing to do here (spec section 2).
  if (await getSessionUser(request)) throw redirect("/profile");
  const url = new URL(request.url);
  const requested = url.searchParams.get("mode");
  const mode: AuthMode = requested === "signup" || requested === "reset" ? requested : "signin";
  const config = env();
  return {
    mode,
    notice: noticeFromQuery(url.searchParams),
    providers: { google: Boolean(config.google), github: Boolean(config.github) },
    minPasswordLength: config.minPasswordLength,
  };
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <AuthForm
        // A new query (?mode=, ?error=) starts the form afresh.
        key={`${loaderData.mode}:${loaderData.notice?.text ?? ""}`}
        initialMode={loaderData.mode}
        initialNotice={loaderData.notice}
        providers={loaderData.providers}
        minPasswordLength={loaderData.minPasswordLength}
      />
    </div>
  );
}
