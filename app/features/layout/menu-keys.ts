/**
 * The keyboard of the site's popover menus (`[popover][role="menu"]`: the
 * header's account menu), on every page, hydrated or not (the page script
 * runs it): the browser opens and closes the popover (Enter on its button,
 * Escape, a press outside, focus back to the button); this adds what a menu
 * promises a keyboard. Focus goes to the first item when it opens, the arrow
 * keys and Home/End move between items, and Tab (or the focus moving out of
 * it) closes it (a menu left open over the page hid what the focus moved to). Delegated from the
 * document: a menu React draws later (a sign-in by client navigation) has it
 * too.
 */
const MENU = '[popover][role="menu"]';

const itemsOf = (menu: Element) => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
const menuOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(MENU) : null);

export function startMenuKeys(doc: Document): void {
  // `toggle` does not bubble: caught on its way down.
  doc.addEventListener(
    "toggle",
    (event) => {
      const menu = event.target;
      if (!(menu instanceof HTMLElement) || !menu.matches(MENU) || (event as ToggleEvent).newState !== "open") return;
      // After the browser has shown it (focus cannot move into a popover that is not yet open).
      requestAnimationFrame(() => itemsOf(menu)[0]?.focus());
    },
    true,
  );

  doc.addEventListener("keydown", (event) => {
    const menu = menuOf(event.target);
    if (!menu) return;
    const all = itemsOf(menu);
    const at = all.indexOf(doc.activeElement as HTMLElement);
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step) {
      event.preventDefault();
      all[(at + step + all.length) % all.length]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      (event.key === "Home" ? all[0] : all.at(-1))?.focus();
    } else if (event.key === "Tab") {
      // Tab leaves a menu from any item (not the next item: the arrows are for that); the browser then
      // moves the focus on from the button, where closing the popover put it.
      hide(menu);
    }
  });

  doc.addEventListener("focusout", (event) => {
    const menu = menuOf(event.target);
    const next = event.relatedTarget;
    // Only when the focus went somewhere else in the page; a press outside is the browser's light dismiss.
    if (!menu || !(next instanceof Node) || menu.contains(next)) return;
    // Not to its own button: a press on it focuses it first, then toggles the menu; closed here, the
    // toggle would open it again.
    if (next instanceof Element && menu.id && next.closest("[popovertarget]")?.getAttribute("popovertarget") === menu.id) return;
    hide(menu);
  });
}

function hide(menu: HTMLElement): void {
  try {
    menu.hidePopover();
  } catch {
    // already closed
  }
}
