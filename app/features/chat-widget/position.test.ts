import { describe, expect, it } from "vitest";
import { CHAT_BUTTON_SIZE, CHAT_MARGIN, clamp, defaultPosition, panelPlacement } from "./position";

const vp = { width: 390, height: 844 };

describe("chat button position", () => {
  it("starts bottom right, inside the margins", () => {
    expect(defaultPosition(vp)).toEqual({ x: 390 - CHAT_BUTTON_SIZE - CHAT_MARGIN, y: 844 - CHAT_BUTTON_SIZE - CHAT_MARGIN });
  });

  it("never leaves the viewport", () => {
    expect(clamp({ x: -500, y: -20 }, vp)).toEqual({ x: CHAT_MARGIN, y: CHAT_MARGIN });
    expect(clamp({ x: 9999, y: 9999 }, vp)).toEqual(defaultPosition(vp));
    expect(clamp({ x: 100.4, y: 200.6 }, vp)).toEqual({ x: 100, y: 201 });
  });

  it("opens the panel toward the room there is", () => {
    const panel = { width: 300, height: 400 };
    const bottomRight = panelPlacement(defaultPosition(vp), panel, vp);
    expect(bottomRight.y + panel.height).toBeLessThanOrEqual(defaultPosition(vp).y);
    const topLeft = panelPlacement({ x: CHAT_MARGIN, y: CHAT_MARGIN }, panel, vp);
    expect(topLeft).toEqual({ x: CHAT_MARGIN, y: CHAT_MARGIN + CHAT_BUTTON_SIZE + 12 });
  });

  it("beside the button, not over it, when it was dragged to the middle of a short viewport", () => {
    const desktop = { width: 1280, height: 800 };
    const panel = { width: 380, height: 612 };
    const button = { x: 880, y: 400 };
    const at = panelPlacement(button, panel, desktop);
    const overlaps =
      at.x < button.x + CHAT_BUTTON_SIZE && at.x + panel.width > button.x && at.y < button.y + CHAT_BUTTON_SIZE && at.y + panel.height > button.y;
    expect(overlaps).toBe(false);
    expect(at.x + panel.width).toBeLessThanOrEqual(button.x);
    expect(at.y).toBeGreaterThanOrEqual(0);
    expect(at.y + panel.height).toBeLessThanOrEqual(desktop.height);
  });

  it("inside the viewport when no side has room (a phone)", () => {
    const panel = { width: 360, height: 612 };
    const at = panelPlacement({ x: 160, y: 400 }, panel, vp);
    expect(at.x).toBeGreaterThanOrEqual(0);
    expect(at.x + panel.width).toBeLessThanOrEqual(vp.width);
    expect(at.y).toBeGreaterThanOrEqual(0);
    expect(at.y + panel.height).toBeLessThanOrEqual(vp.height);
  });
});
