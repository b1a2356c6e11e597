// @vitest-environment jsdom
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import { useFocusOn } from "./use-focus";

/** A form opened in edit mode, as /profile?edit=1 arrives: the hook focuses Name when `editing`. */
function Form({ editing }: { editing: boolean }) {
  const name = useRef<HTMLInputElement>(null);
  useFocusOn(() => (editing ? name.current : null), [editing]);
  return (
    <form>
      <input ref={name} aria-label="Name" />
      <textarea aria-label="About" />
    </form>
  );
}

afterEach(unmountHydrated);

/** Until React has taken the server's markup over, and its effects have run (they follow the commit). */
async function hydrated(container: HTMLElement) {
  await vi.waitFor(() => expect(Object.keys(container.querySelector("input")!).some((key) => key.startsWith("__reactProps"))).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const field = (container: HTMLElement, label: string) => container.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;

describe("useFocusOn", () => {
  it("on hydration, leaves the focus in the field the visitor is typing in", async () => {
    const { container } = hydrateServerMarkup(<Form editing />, (markup) => field(markup, "About").focus());
    await hydrated(container);
    expect(document.activeElement).toBe(field(container, "About"));
  });

  it("on hydration, focuses the field when nothing has the focus, without scrolling", async () => {
    const focus = vi.spyOn(HTMLElement.prototype, "focus");
    const { container } = hydrateServerMarkup(<Form editing />);
    await vi.waitFor(() => expect(document.activeElement).toBe(field(container, "Name")));
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    focus.mockRestore();
  });

  it("after that, focuses on every change, wherever the focus was", async () => {
    const { container, root } = hydrateServerMarkup(<Form editing={false} />);
    await hydrated(container);
    field(container, "About").focus();
    root.render(<Form editing />);
    await vi.waitFor(() => expect(document.activeElement).toBe(field(container, "Name")));
  });
});
