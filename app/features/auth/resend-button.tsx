import type { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";
import { Button } from "~/shared/ui/button";
import type { PendingState } from "./auth-state";
import { clock, minutesToWait } from "./resend-countdown";

/**
 * "Resend Verification Email", by the spec's rules (5 mails, 5 minutes apart):
 * while the wait lasts the button is disabled and counts down (the page
 * script's resend-countdown.ts), with the spec's "Please wait N minutes…"
 * beside it, instead of a red error after the press. The form posts to the
 * /auth action, which answers with the page.
 */
export function ResendButton({ pending, t }: { pending: PendingState; t: typeof auth }) {
  if (pending.attemptsLeft === 0) {
    return <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">{t.resend.maxAttempts}</p>;
  }
  const waiting = pending.waitS > 0;
  const more = pending.attemptsLeft === 1 ? t.resend.moreOne : fill(t.resend.moreMany, { n: pending.attemptsLeft });
  return (
    <form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={pending.email} />
      <Button
        type="submit"
        variant="secondary"
        className="w-full tabular-nums"
        disabled={waiting}
        aria-describedby="resend-hint"
        data-pending-label={t.resend.sending}
        data-resend-wait={waiting ? pending.waitS : undefined}
        data-waiting-label={t.resend.buttonWaiting}
        data-ready-label={t.resend.button}
      >
        {waiting ? fill(t.resend.buttonWaiting, { clock: clock(pending.waitS) }) : t.resend.button}
      </Button>
      <p id="resend-hint" className="text-center text-xs text-ink-600" data-wait-text={t.resend.wait} data-ready-text={more}>
        {waiting ? fill(t.resend.wait, { minutes: minutesToWait(pending.waitS) }) : more}
      </p>
    </form>
  );
}
