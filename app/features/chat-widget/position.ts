/**
 * Where the chat button sits, kept inside the viewport and remembered (under
 * the storage key the markup names: chat-widget.tsx). No imports: it runs in
 * the page script, which must stay small.
 */
export const CHAT_BUTTON_SIZE = 56;
export const CHAT_MARGIN = 16;

export interface Point {
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Keeps the button wholly inside the viewport, `CHAT_MARGIN` from each edge. */
export function clamp(point: Point, viewport: Viewport, size = CHAT_BUTTON_SIZE): Point {
  const maxX = Math.max(CHAT_MARGIN, viewport.width - size - CHAT_MARGIN);
  const maxY = Math.max(CHAT_MARGIN, viewport.height - size - CHAT_MARGIN);
  return {
    x: Math.round(Math.min(Math.max(point.x, CHAT_MARGIN), maxX)),
    y: Math.round(Math.min(Math.max(point.y, CHAT_MARGIN), maxY)),
  };
}

/** The default spot: bottom right. */
export function defaultPosition(viewport: Viewport): Point {
  return clamp({ x: viewport.width, y: viewport.height }, viewport);
}

/** Where the visitor left the button, or null for the default (bottom right). */
export function loadPosition(key: string): Point | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      const saved = JSON.parse(raw) as Partial<Point>;
      if (typeof saved.x === "number" && typeof saved.y === "number") return { x: saved.x, y: saved.y };
    }
  } catch {
    // unreadable or unavailable storage: use the default
  }
  return null;
}

export function savePosition(key: string, point: Point): void {
  try {
    localStorage.setItem(key, JSON.stringify(point));
  } catch {
    // storage unavailable: the position lasts for this page only
  }
}

/**
 * Places the panel next to the button, never over it where the viewport has room: above or below it
 * (the side with more room first), else to its left or right (a button dragged to the middle of a
 * short viewport), else where it fits best, inside the viewport (a phone too small for both).
 */
export function panelPlacement(button: Point, panel: { width: number; height: number }, viewport: Viewport): Point {
  const gap = 12;
  const edge = CHAT_MARGIN / 2;
  const rightHalf = button.x + CHAT_BUTTON_SIZE / 2 > viewport.width / 2;
  const bottomHalf = button.y + CHAT_BUTTON_SIZE / 2 > viewport.height / 2;
  const within = (value: number, size: number, room: number) => Math.min(Math.max(value, edge), Math.max(edge, room - size - edge));
  const fits = (value: number, size: number, room: number) => value >= edge && value + size <= room - edge;
  // Lined up with the button along the other axis, as far as the viewport lets it.
  const alongX = within(rightHalf ? button.x + CHAT_BUTTON_SIZE - panel.width : button.x, panel.width, viewport.width);
  const alongY = within(bottomHalf ? button.y + CHAT_BUTTON_SIZE - panel.height : button.y, panel.height, viewport.height);
  const above = button.y - gap - panel.height;
  const below = button.y + CHAT_BUTTON_SIZE + gap;
  const left = button.x - gap - panel.width;
  const right = button.x + CHAT_BUTTON_SIZE + gap;
  const candidates: Point[] = [
    ...(bottomHalf ? [above, below] : [below, above]).filter((y) => fits(y, panel.height, viewport.height)).map((y) => ({ x: alongX, y })),
    ...(rightHalf ? [left, right] : [right, left]).filter((x) => fits(x, panel.width, viewport.width)).map((x) => ({ x, y: alongY })),
  ];
  return candidates[0] ?? { x: alongX, y: within(bottomHalf ? above : below, panel.height, viewport.height) };
}
