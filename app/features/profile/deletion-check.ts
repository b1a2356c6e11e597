/**
 * The account-deletion form's check (the typed name, the password), shared by
 * the dialog (before a post) and the /profile action (a post without
 * JavaScript): the same words in the same slots (shared/lib/field-errors.ts),
 * in the page's language (`t`).
 */
import { account } from "~/shared/i18n/catalog/account";
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";

export type DeletionField = "name" | "password";

export function checkDeletion(fields: FieldSource, userName: string, hasPassword: boolean, t: typeof account = account): FieldErrors<DeletionField> {
  const errors: FieldErrors<DeletionField> = {};
  if (textOf(fields, "name").trim() !== userName.trim()) errors.name = t.profile.nameMismatch;
  if (hasPassword && textOf(fields, "password") === "") errors.password = t.profile.passwordRequired;
  return errors;
}
