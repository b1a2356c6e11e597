import { useEffect, useState } from "react";
import type { useFetcher } from "react-router";
import type { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";
import { Button } from "~/shared/ui/button";
import type { AuthActionData, PendingState } from "./auth-state";

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * "Resend Verification Email", by the spec's rules (5 mails, 5 minutes apart):
 * while the wait lasts the button is disabled and counts down, with the
 * spec's "Please wait N minutes…" beside it, instead of a red error after
 * the press. The server stays the judge: a press it refuses still says why.
 */
export function ResendButton({ pending, fetcher, t }: { pending: PendingState; fetcher: ReturnType<typeof useFetcher<AuthActionData>>; t: typeof auth }) {
  // The parent keys this component by the server's answer, so a new answer starts a new countdown.
  const [left, setLeft] = useState(pending.waitS);
  useEffect(() => {
    if (pending.waitS <= 0) return;
    const until = Date.now() + pending.waitS * 1000;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [pending.waitS]);

  if (pending.attemptsLeft === 0) {
    return <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">{t.resend.maxAttempts}</p>;
  }

  const sending = fetcher.state !== "idle";
  const waiting = left > 0;
  // The spec's N: 5 minus the whole minutes elapsed since the last mail.
  const minutes = 5 - Math.floor(Math.max(0, 300 - left) / 60);
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={pending.email} />
      <Button type="submit" variant="secondary" className="w-full tabular-nums" disabled={sending || waiting} aria-describedby="resend-hint">
        {sending ? t.resend.sending : waiting ? fill(t.resend.buttonWaiting, { clock: clock(left) }) : t.resend.button}
      </Button>
      <p id="resend-hint" className="text-center text-xs text-ink-600">
        {waiting ? fill(t.resend.wait, { minutes }) : pending.attemptsLeft === 1 ? t.resend.moreOne : fill(t.resend.moreMany, { n: pending.attemptsLeft })}
      </p>
    </fetcher.Form>
  );
}
