import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/shared/lib/toasts";
import { useEachAnswer } from "~/shared/lib/use-each-answer";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";

export const SIGN_OUT_ACTION = "/auth/sign-out";

/** What /auth/sign-out answers when it could not sign out (success is a redirect home). */
export interface SignOutFailure {
  ok: false;
  message: string;
}

/** A Sign Out button that is a form: it works before (and without) JavaScript too. */
export function SignOutForm({ className, children, role }: { className?: string; children: ReactNode; role?: "menuitem" }) {
  const t = useMessages("shell", shell);
  const localize = useLocalize();
  const fetcher = useFetcher<SignOutFailure>();
  useEachAnswer(fetcher.data, fetcher.state, (answer) => {
    if (!answer.ok) notify.error(answer.message || t.signOutFailed);
  });
  return (
    <fetcher.Form method="post" action={localize(SIGN_OUT_ACTION)} className="contents">
      <button type="submit" role={role} className={className} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
