import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userName: string;
  /** Accounts made with Google or GitHub have no password: they confirm by email. */
  hasPassword: boolean;
  busy: boolean;
  onConfirm: (input: { name: string; password: string }) => void;
}

/** The Delete Account modal: the user's name and password, Cancel and Delete Account. */
export function DeleteAccountDialog({ open, onOpenChange, userName, hasPassword, busy, onConfirm }: DeleteAccountDialogProps) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");

  const change = (next: boolean) => {
    if (!next) {
      setName("");
      setPassword("");
    }
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-lift data-[state=open]:animate-pop-in sm:p-8">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
              <Icon name="trash-2" />
            </span>
            <div>
              <Dialog.Title className="text-xl font-bold text-ink-950">Delete your account?</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-600">
                This deletes your account, your sessions, your profile and your messages. It cannot be undone.
                {!hasPassword && " Your account signs in with Google or GitHub, so we will email you a link to confirm."}
              </Dialog.Description>
            </div>
          </div>
          <form
            className="mt-6 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              onConfirm({ name, password });
            }}
          >
            <TextField
              label={`Type your name (${userName}) to confirm`}
              name="confirm-name"
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            {hasPassword && (
              <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={busy}>
                Delete Account
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
