import { type ComponentProps, useId, useState } from "react";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { cn } from "~/shared/lib/cn";
import { Icon } from "./icon";
import { shell } from "~/shared/i18n/catalog/shell";
import { useMessages } from "~/shared/i18n/messages";

export const inputClasses =
  "block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-ink-950 shadow-sm ring-1 ring-inset ring-ink-300 placeholder:text-ink-400 focus:ring-2 focus:ring-inset focus:ring-brand-600 focus:outline-none disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-600 read-only:bg-ink-50 aria-[invalid=true]:ring-red-500 sm:text-sm";

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}

/** Label, control, then the hint or the error (announced to screen readers). */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & { label: string; error?: string; hint?: string; id?: string };

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={cn(inputClasses, className)}
        {...props}
      />
    </FieldShell>
  );
}

/** The text of the textarea with this id, where it is in the page (hydration: the server's, and what was typed since). */
function textInPage(id: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const element = document.getElementById(id);
  return element instanceof HTMLTextAreaElement ? element.value : undefined;
}

/**
 * A textarea that keeps what was typed before the page hydrated. When React
 * hydrates a textarea whose default is not empty, it sets the value back to
 * that default (an input's value it leaves alone), so a visitor who started
 * changing a text while the scripts loaded lost the change, and a save sent
 * the old text. It hydrates with the text the field holds by then; from the
 * render after, React is given the element's own default again (what a
 * form's reset restores: the field is dirty by then, so what it shows stays).
 */
export function KeptTextarea({ id, defaultValue, ...props }: Omit<ComponentProps<"textarea">, "id"> & { id: string }) {
  const hydrated = useHydrated();
  const [typed] = useState(() => textInPage(id));
  return <textarea id={id} defaultValue={!hydrated && typed !== undefined ? typed : defaultValue} {...props} />;
}

type TextAreaProps = Omit<ComponentProps<"textarea">, "id"> & { label: string; error?: string; hint?: string; id?: string };

export function TextArea({ label, error, hint, id, className, rows = 4, ...props }: TextAreaProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <KeptTextarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={cn(inputClasses, "resize-y", className)}
        {...props}
      />
    </FieldShell>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, "type">;

/** Whether the field with this id is in the page and shown as text (the server renders it hidden). */
function shownInPage(id: string): boolean {
  return typeof document !== "undefined" && document.getElementById(id)?.getAttribute("type") === "text";
}

/**
 * A password input with a show/hide switch. The switch is the boot script's
 * (client/boot.ts, `data-password-toggle`), so it works from the first paint
 * on every page, whether or not the page runs React; CSS shows the icon of
 * its state.
 *
 * On a page React hydrates, React writes an input's `type` at hydration and
 * on every later render of it: the field follows what the switch set (read
 * from the page when it hydrates, and after each press, which the boot script
 * has handled by then), so neither hydration nor an error appearing hides a
 * password the visitor chose to show.
 */
export function PasswordField({ label, error, hint, id, ...props }: PasswordFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const t = useMessages("shell", shell);
  const [shown, setShown] = useState(() => shownInPage(fieldId));
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={fieldId}
          type={shown ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          className={cn(inputClasses, "pr-12")}
          {...props}
        />
        <button
          type="button"
          data-password-toggle=""
          data-show-label={t.showPassword}
          data-hide-label={t.hidePassword}
          className="group absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-ink-600 hover:text-ink-950"
          aria-label={shown ? t.hidePassword : t.showPassword}
          aria-pressed={shown}
          aria-controls={fieldId}
          onClick={() => setShown(shownInPage(fieldId))}
        >
          <Icon name="eye" className="size-4 group-aria-pressed:hidden" />
          <Icon name="eye-off" className="hidden size-4 group-aria-pressed:block" />
        </button>
      </div>
    </FieldShell>
  );
}
