import { useCallback } from "react";
import { notify } from "~/shared/lib/toasts";
import { useNavigate, useRevalidator } from "react-router";
import { clearCachedUser } from "./user-cache";

/** Signs out through the auth API, clears the cached user and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCallback(async () => {
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
      clearCachedUser();
      notify.success("Signed out successfully");
      await navigate("/");
      await revalidator.revalidate();
    } catch {
      notify.error("Error signing out");
    }
  }, [navigate, revalidator]);
}
