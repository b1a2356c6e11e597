/**
 * The account-deletion form's check (the typed name, the password), shared by
 * the dialog (before a post) and the /profile action (a post without
 * JavaScript): the same words in the same slots (shared/lib/field-errors.ts).
 */
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";
import { PROFILE_MESSAGES } from "./messages";

export type DeletionField = "name" | "password";

export function checkDeletion(fields: FieldSource, userName: string, hasPassword: boolean): FieldErrors<DeletionField> {
  const errors: FieldErrors<DeletionField> = {};
  if (textOf(fields, "name").trim() !== userName.trim()) errors.name = PROFILE_MESSAGES.nameMismatch;
  if (hasPassword && textOf(fields, "password") === "") errors.password = PROFILE_MESSAGES.passwordRequired;
  return errors;
}
