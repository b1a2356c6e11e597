// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { hydrateServerMarkup, unmountHydrated } from "../../../tests/support/hydration";
import { ActionButton } from "./button";

/** The profile's toolbar in small: an ActionButton, and a page that re-renders once hydrated (as useHydrated makes it). */
function Toolbar({ onAction }: { onAction: () => void }) {
  const hydrated = useHydrated();
  return (
    <div data-hydrated={hydrated}>
      <ActionButton query={{ delete: "1" }} onAction={onAction}>
        Delete Account
      </ActionButton>
    </div>
  );
}

afterEach(unmountHydrated);

/** The server's markup with hydration started but not yet run, as a browser has it while the scripts execute. */
const hydrating = (onAction: () => void) => hydrateServerMarkup(<Toolbar onAction={onAction} />).container;

function press(element: Element) {
  const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  element.dispatchEvent(click);
  return click;
}

describe("ActionButton", () => {
  it("is a button in a GET form that asks for the same page with the query, before any script", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Toolbar onAction={() => {}} />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.hasAttribute("action")).toBe(false);
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe("delete=1");
    expect(container.querySelector("button")?.getAttribute("type")).toBe("submit");
  });

  it("acts in place, not by loading the page, for a press React hands over from hydration", () => {
    const onAction = vi.fn();
    const container = hydrating(onAction);
    const button = container.querySelector("button")!;
    // React hydrates the pressed root at once, re-renders it hydrated, then dispatches the press.
    const click = press(button);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(click.defaultPrevented).toBe(true);
    // The element the visitor pressed is the one still there.
    expect(container.querySelector("button")).toBe(button);
  });

  it("acts in place once hydrated", async () => {
    const onAction = vi.fn();
    const container = hydrating(onAction);
    await vi.waitFor(() => expect(container.querySelector("[data-hydrated]")?.getAttribute("data-hydrated")).toBe("true"));
    const click = press(container.querySelector("button")!);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(click.defaultPrevented).toBe(true);
  });
});
