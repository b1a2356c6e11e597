/** The hidden field of the site's own forms that carries a post's one-time token (read as its Idempotency-Key). */
export const IDEMPOTENCY_FIELD = "_idempotency_key";
