import { useId } from "react";
import { HONEYPOT_FIELD } from "./honeypot-field";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology) and most spam bots fill in. Its name avoids words
 * browsers autofill (company, url, website) so no real person trips it. A
 * module of its own: the waitlist form on /pricing uses it without loading the
 * message form. `label`: the page's words for "leave this field empty".
 */
export function Honeypot({ label }: { label: string }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
