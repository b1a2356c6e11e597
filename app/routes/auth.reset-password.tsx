import { env } from "~/config/env.server";
import { ResetPasswordForm } from "~/features/auth/reset-password-form";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/auth.reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Choose a new password", path: "/auth/reset-password", description: "Choose a new password for your Tuesday AI account." }),
  { name: "robots", content: "noindex" },
];

/** Where the emailed reset link lands (via Better Auth, which checks the token first). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token") ?? "",
    error: url.searchParams.get("error"),
    minPasswordLength: env().minPasswordLength,
  };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <ResetPasswordForm token={loaderData.token} linkError={loaderData.error} minPasswordLength={loaderData.minPasswordLength} />
    </div>
  );
}
