import { errors } from "~/shared/i18n/catalog/errors";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useRequestId } from "~/shared/lib/request-id";

/**
 * "Reference: <id>" under an error, so a visitor can quote the request an
 * operator looks for in the logs (X-Request-Id). Only a page the server
 * rendered has one; after hydration the browser keeps the server's words.
 */
export function ErrorReference() {
  const id = useRequestId();
  const t = useMessages("errors", errors);
  return (
    <p suppressHydrationWarning data-testid="error-reference" className="mt-6 font-mono text-xs text-ink-500">
      {id ? fill(t.reference, { id }) : null}
    </p>
  );
}
