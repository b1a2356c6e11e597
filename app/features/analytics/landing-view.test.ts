// @vitest-environment jsdom
/**
 * The landing view of a visitor who leaves before the browser is idle: sent
 * at once from the page script, once, and never counted again by the
 * reporter that may still start afterwards.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { beaconSchema } from "./beacon-schema";
import { reportLandingView } from "./landing-view";

const sent: unknown[] = [];

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** A page script run: the idle task is kept for the test to run when it likes. */
function landOn(route: string) {
  let idle: (() => void) | undefined;
  const report = vi.fn();
  reportLandingView(route, location.pathname, { schedule: (task) => void (idle = task), report });
  return { report, becomeIdle: () => idle?.() };
}

beforeEach(() => {
  sent.length = 0;
  setHidden(false);
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      expect(url).toBe("/api/vitals");
      sent.push(JSON.parse(body));
      return true;
    }),
  });
});

describe("the landing view", () => {
  it("left before the browser is idle: one beacon with the view and where the visit came from, which the server accepts", () => {
    history.replaceState(null, "", "/pricing?utm_source=newsletter");
    const { report } = landOn("/pricing");
    dispatchEvent(new Event("pagehide"));
    setHidden(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ events: [{ route: "/pricing", metric: "pageview", source: { utm_source: "newsletter" } }] });
    expect(beaconSchema.safeParse(sent[0]).success).toBe(true);
    expect(report).not.toHaveBeenCalled();
  });

  it("idle first: the reporter counts it, and leaving later sends nothing from here", () => {
    history.replaceState(null, "", "/blog");
    const { report, becomeIdle } = landOn("/blog");
    becomeIdle();
    expect(report).toHaveBeenCalledWith("/blog", "/blog", { viewSent: false });
    dispatchEvent(new Event("pagehide"));
    setHidden(true);
    expect(sent).toHaveLength(0);
  });

  it("hidden, then back and idle: the reporter measures the vitals but does not count the view again", () => {
    history.replaceState(null, "", "/about");
    const { report, becomeIdle } = landOn("/about");
    setHidden(true);
    setHidden(false);
    becomeIdle();
    expect(sent).toHaveLength(1);
    expect(report).toHaveBeenCalledWith("/about", "/about", { viewSent: true });
  });

  it("a route that is not counted, or a visitor who asked not to be tracked: nothing at all", () => {
    history.replaceState(null, "", "/admin/messages");
    const untracked = landOn("/admin/messages");
    dispatchEvent(new Event("pagehide"));
    untracked.becomeIdle();
    expect(untracked.report).not.toHaveBeenCalled();
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: true });
    try {
      const refused = landOn("/pricing");
      dispatchEvent(new Event("pagehide"));
      refused.becomeIdle();
      expect(refused.report).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: undefined });
    }
    expect(sent).toHaveLength(0);
  });
});
