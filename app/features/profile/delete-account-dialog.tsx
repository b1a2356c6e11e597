import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useId, useState } from "react";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { PROFILE_MESSAGES } from "./messages";

interface DeleteAccountFormProps {
  userName: string;
  /** Accounts made with Google or GitHub have no password: they confirm by email. */
  hasPassword: boolean;
  busy: boolean;
  /** The server's answer to the last attempt (wrong password, rate limit…). */
  error?: string;
  onConfirm: (form: HTMLFormElement) => void;
  cancel: ReactNode;
}

/**
 * The typed name and the password, then Delete Account. A mistake keeps what
 * was typed and says what is wrong (the name, in the spec's words; an empty
 * password; the server's answer). Without JavaScript it is a plain form post.
 */
export function DeleteAccountForm({ userName, hasPassword, busy, error, onConfirm, cancel }: DeleteAccountFormProps) {
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const errorId = useId();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const name = String(fields.get("name") ?? "");
    const password = String(fields.get("password") ?? "");
    const nameWrong = name.trim() !== userName.trim();
    const passwordMissing = hasPassword && password === "";
    setNameError(nameWrong ? PROFILE_MESSAGES.nameMismatch : undefined);
    setPasswordError(passwordMissing ? PROFILE_MESSAGES.passwordRequired : undefined);
    if (nameWrong) {
      (form.elements.namedItem("name") as HTMLInputElement | null)?.focus();
      return;
    }
    if (passwordMissing) {
      (form.elements.namedItem("password") as HTMLInputElement | null)?.focus();
      return;
    }
    onConfirm(form);
  };

  return (
    <form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      <input type="hidden" name="intent" value="delete" />
      {error && (
        <p id={errorId} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          {error}
        </p>
      )}
      <TextField label={`Type your name (${userName}) to confirm`} name="name" autoComplete="off" required error={nameError} />
      {hasPassword && <PasswordField label="Password" name="password" autoComplete="current-password" required error={passwordError} />}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Deleting..." : "Delete Account"}
        </Button>
      </div>
    </form>
  );
}

interface DeleteAccountDialogProps extends Omit<DeleteAccountFormProps, "cancel"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the button that opened it), never <body>. */
  returnFocus: React.RefObject<HTMLElement | null>;
}

/** The Delete Account modal (spec section 2): the user's name and password, Cancel and Delete Account. */
export function DeleteAccountDialog({ open, onOpenChange, returnFocus, ...form }: DeleteAccountDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="scheme-light fixed inset-0 z-50 bg-ink-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-lift data-[state=open]:animate-pop-in sm:p-8">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
              <Icon name="trash-2" />
            </span>
            <div>
              <Dialog.Title className="text-xl font-bold text-ink-950">Delete your account?</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-600">
                This deletes your account, your sessions, your profile and your messages. It cannot be undone.
                {!form.hasPassword && " Your account signs in with Google or GitHub, so we will email you a link to confirm."}
              </Dialog.Description>
            </div>
          </div>
          <DeleteAccountForm
            {...form}
            cancel={
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
