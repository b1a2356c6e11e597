import { useEffect, useRef } from "react";
import { IDEMPOTENCY_FIELD } from "~/shared/lib/idempotency";

function randomKey(): string {
  // randomUUID needs a secure context; a development server on a LAN address is not one.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A hidden one-time token for a form's post, so that a retry after a
 * timeout (the same text sent again) is stored and mailed once. The token is
 * made in the browser when the form is sent, anew whenever what is sent
 * changed, so a page prerendered for everyone never shares one. Without
 * JavaScript it stays empty and the server keys the post by its content.
 */
export function IdempotencyKeyField() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    const form = input?.form;
    if (!input || !form) return;
    let sent = "";
    const onSubmit = () => {
      const content = JSON.stringify([...new FormData(form).entries()].filter(([name, value]) => name !== IDEMPOTENCY_FIELD && typeof value === "string"));
      if (content !== sent || !input.value) input.value = randomKey();
      sent = content;
    };
    // Before React Router's own submit handler reads the form (that one runs at the document).
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);
  return <input ref={ref} type="hidden" name={IDEMPOTENCY_FIELD} defaultValue="" />;
}
