import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useId } from "react";
import { account } from "~/shared/i18n/catalog/account";
import { fill, useMessages } from "~/shared/i18n/messages";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { Button } from "~/shared/ui/button";
import { PasswordField, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { checkDeletion } from "./deletion-check";
import type { ProfileActionData } from "./profile-state";

type DeleteAnswer = Extract<ProfileActionData, { intent: "delete" }>;

interface DeleteAccountFormProps {
  userName: string;
  /** Accounts made with Google or GitHub have no password: they confirm by email. */
  hasPassword: boolean;
  busy: boolean;
  /** The server's answer to the last attempt: a field's error, or the whole attempt's (wrong password, rate limit…). */
  answer?: DeleteAnswer;
  onConfirm: (form: HTMLFormElement) => void;
  cancel: ReactNode;
  /** The typed name's field takes the focus as the page loads (the form in the page, not the dialog). */
  autoFocus?: boolean;
}

/**
 * The typed name and the password, then Delete Account. A mistake keeps what
 * was typed and says what is wrong (the name, in the spec's words; an empty
 * password; the server's answer). Without JavaScript it is a plain form post.
 */
export function DeleteAccountForm({ userName, hasPassword, busy, answer, onConfirm, cancel, autoFocus }: DeleteAccountFormProps) {
  const t = useMessages("account", account);
  const errorId = useId();
  const fields = useFieldErrors({ validate: (data) => checkDeletion(data, userName, hasPassword, t), answer, answerErrors: answer?.fieldErrors });
  // The attempt as a whole (wrong password, too many tries): above the fields. A field's error is in its slot only.
  const error = answer && !hasFieldErrors(answer.fieldErrors) ? answer.message : undefined;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    fields.formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    onConfirm(event.currentTarget);
  };

  return (
    <form method="post" className="mt-6 space-y-4" {...fields.formProps} onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      {fields.summary}
      <input type="hidden" name="intent" value="delete" />
      {error && (
        <p id={errorId} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          {error}
        </p>
      )}
      <TextField
        label={fill(t.deletion.typeName, { name: userName })}
        name="name"
        autoComplete="off"
        required
        autoFocus={autoFocus}
        error={fields.errors.name}
      />
      {hasPassword && <PasswordField label={t.deletion.password} name="password" autoComplete="current-password" required error={fields.errors.password} />}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t.deletion.deleting : t.deletion.submit}
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
  const t = useMessages("account", account);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="scheme-light fixed inset-0 z-50 bg-ink-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-lift data-[state=open]:animate-pop-in sm:p-8"
        >
          <div className="flex items-start gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
              <Icon name="trash-2" />
            </span>
            <div>
              <Dialog.Title className="text-xl font-bold text-ink-950">{t.deletion.title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-600">
                {t.deletion.description}
                {!form.hasPassword && t.deletion.descriptionSocial}
              </Dialog.Description>
            </div>
          </div>
          <DeleteAccountForm
            {...form}
            cancel={
              <Dialog.Close asChild>
                <Button variant="secondary">{t.deletion.cancel}</Button>
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
