import type { ReactNode } from "react";
import { useLocalize } from "~/shared/i18n/use-locale";

export const SIGN_OUT_ACTION = "/auth/sign-out";

/**
 * A Sign Out button that is a plain form post, on every page, hydrated or not
 * (issue 39): the action signs out and redirects home, and the home page,
 * loaded whole with the flash cookie, says "Signed out successfully"; a
 * failure is the action's own page, 'Error signing out'.
 */
export function SignOutForm({ className, children, role }: { className?: string; children: ReactNode; role?: "menuitem" }) {
  const localize = useLocalize();
  return (
    <form method="post" action={localize(SIGN_OUT_ACTION)} className="contents">
      <button type="submit" role={role} className={className}>
        {children}
      </button>
    </form>
  );
}
