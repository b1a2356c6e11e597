import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/shared/lib/toasts";
import { useEachAnswer } from "~/shared/lib/use-each-answer";
import { AUTH_MESSAGES } from "./messages";

export const SIGN_OUT_ACTION = "/auth/sign-out";

/** What /auth/sign-out answers when it could not sign out (success is a redirect home). */
export interface SignOutFailure {
  ok: false;
  message: string;
}

/**
 * Signs out through the /auth/sign-out route action. Success redirects to
 * `/?signed-out=1`, where the root says 'Signed out successfully' (and the
 * cached user is cleared); a failure says 'Error signing out'.
 */
export function useSignOut() {
  const fetcher = useFetcher<SignOutFailure>();
  useEachAnswer(fetcher.data, fetcher.state, (answer) => {
    if (!answer.ok) notify.error(answer.message || AUTH_MESSAGES.signOutFailed);
  });
  return () => void fetcher.submit(null, { method: "post", action: SIGN_OUT_ACTION });
}

/** A Sign Out button that is a form: it works before (and without) JavaScript too. */
export function SignOutForm({ className, children, role }: { className?: string; children: ReactNode; role?: "menuitem" }) {
  const fetcher = useFetcher<SignOutFailure>();
  useEachAnswer(fetcher.data, fetcher.state, (answer) => {
    if (!answer.ok) notify.error(answer.message || AUTH_MESSAGES.signOutFailed);
  });
  return (
    <fetcher.Form method="post" action={SIGN_OUT_ACTION} className="contents">
      <button type="submit" role={role} className={className} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
