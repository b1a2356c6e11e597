import { IDEMPOTENCY_FIELD } from "~/shared/lib/idempotency";

/**
 * A hidden one-time token for a form's post, so that a retry after a
 * timeout (the same text sent again) is stored and mailed once. The boot
 * script fills it when the form is sent, anew whenever what is sent changed
 * (client/boot.ts), on every page, with or without React; a page prerendered
 * for everyone never shares one. Without JavaScript it stays empty and the
 * server keys the post by its content.
 */
export function IdempotencyKeyField() {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} defaultValue="" />;
}
