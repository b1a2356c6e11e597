// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { clock, minutesToWait, startResendCountdown } from "./resend-countdown";

describe("the resend button's countdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function page(waitS: number) {
    document.body.innerHTML = `
      <button disabled aria-describedby="hint" data-resend-wait="${waitS}" data-waiting-label="Resend in {clock}" data-ready-label="Resend Verification Email">Resend in x</button>
      <p id="hint" data-wait-text="Please wait {minutes} minutes" data-ready-text="4 more emails can be sent">Please wait</p>`;
    return { button: document.querySelector("button")!, hint: document.getElementById("hint")! };
  }

  test("counts down each second, then frees the button with its own words", () => {
    const { button, hint } = page(62);
    startResendCountdown(button);
    vi.advanceTimersByTime(1000);
    expect(button.textContent).toBe("Resend in 1:01");
    expect(hint.textContent).toBe("Please wait 2 minutes");
    expect(button.disabled).toBe(true);
    vi.advanceTimersByTime(61_000);
    expect(button.textContent).toBe("Resend Verification Email");
    expect(hint.textContent).toBe("4 more emails can be sent");
    expect(button.disabled).toBe(false);
  });

  test("a button with no wait is left as the server drew it", () => {
    const { button } = page(0);
    startResendCountdown(button);
    vi.advanceTimersByTime(5000);
    expect(button.textContent).toBe("Resend in x");
  });

  test("the spec's N: five minutes less the whole minutes since the last mail", () => {
    expect([300, 299, 240, 239, 61, 60, 1].map(minutesToWait)).toEqual([5, 5, 4, 4, 2, 1, 1]);
    expect([305, 60, 9].map(clock)).toEqual(["5:05", "1:00", "0:09"]);
  });
});
