/**
 * Tab and Shift+Tab go round the controls of a modal dialog that asks for it
 * (`[data-wraps-focus]`: the side menu), on every page, hydrated or not (the
 * page script runs it). A modal <dialog> makes the rest of the page inert,
 * but after its last control the browser moves focus to its own bar (or to
 * <body>), with the dialog still open. Delegated from the document.
 */
const WRAPPING = "dialog[open][data-wraps-focus]";

const controlsOf = (dialog: Element) =>
  [...dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])")].filter(
    (el) => el.offsetParent !== null,
  );

export function startDialogFocusWrap(doc: Document): void {
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || !(event.target instanceof Element)) return;
    const dialog = event.target.closest(WRAPPING);
    if (!dialog) return;
    const controls = controlsOf(dialog);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
