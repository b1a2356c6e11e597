import { expect, test } from "vitest";
import { loggedUrl } from "./logged-url";

test("tokens, questions and messages leave the logged URL, in both languages; other queries stay", () => {
  for (const [url, logged] of [
    ["/help?q=how+much", "/help?[redacted]"],
    ["/hi/help?q=kitne+ka", "/hi/help?[redacted]"],
    ["/help.data?q=x", "/help.data?[redacted]"],
    ["/contact?message=hello", "/contact?[redacted]"],
    ["/hi/contact?message=x", "/hi/contact?[redacted]"],
    ["/auth/reset-password?token=abc", "/auth/reset-password?[redacted]"],
    ["/hi/auth/reset-password?token=abc", "/hi/auth/reset-password?[redacted]"],
    ["/api/auth/verify-email?token=abc", "/api/auth/verify-email?[redacted]"],
    ["/waitlist/confirm?token=abc", "/waitlist/confirm?[redacted]"],
    ["/hi/waitlist/unsubscribe?token=abc", "/hi/waitlist/unsubscribe?[redacted]"],
    ["/pricing?utm_source=x", "/pricing?utm_source=x"],
    ["/helpful?x=1", "/helpful?x=1"],
    ["/blog/how-ai?ref=1", "/blog/how-ai?ref=1"],
    ["/help", "/help"],
  ]) {
    expect(loggedUrl(url!), url).toBe(logged);
  }
});
