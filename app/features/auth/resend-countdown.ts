/**
 * "Resend Verification Email" while the spec's five minutes last: the button
 * (resend-button.tsx) comes from the server disabled, saying how long is
 * left; this counts it down each second and frees it at 0, with the spec's
 * "Please wait N minutes…" beside it until then. The server stays the judge:
 * a press it refuses still says why.
 */
import { fill } from "~/shared/i18n/fill";

/** "4:05": minutes and seconds. */
export function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The spec's N in "Please wait N minutes": 5 minus the whole minutes elapsed since the last mail. */
export function minutesToWait(secondsLeft: number): number {
  return 5 - Math.floor(Math.max(0, 300 - secondsLeft) / 60);
}

/**
 * `button[data-resend-wait]` holds the seconds left, `data-waiting-label` and
 * `data-ready-label` its words; its `aria-describedby` hint holds
 * `data-wait-text` and `data-ready-text`.
 */
export function startResendCountdown(button: HTMLButtonElement, now: () => number = Date.now): void {
  const waitS = Number(button.dataset.resendWait);
  if (!(waitS > 0)) return;
  const hint = button.ownerDocument.getElementById(button.getAttribute("aria-describedby") ?? "");
  const until = now() + waitS * 1000;
  const show = () => {
    const left = Math.max(0, Math.ceil((until - now()) / 1000));
    if (left > 0) {
      button.textContent = fill(button.dataset.waitingLabel ?? "", { clock: clock(left) });
      if (hint) hint.textContent = fill(hint.dataset.waitText ?? "", { minutes: minutesToWait(left) });
      return true;
    }
    button.textContent = button.dataset.readyLabel ?? "";
    button.disabled = false;
    if (hint) hint.textContent = hint.dataset.readyText ?? "";
    return false;
  };
  const timer = setInterval(() => {
    if (!show()) clearInterval(timer);
  }, 1000);
}
