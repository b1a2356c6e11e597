import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { clearCachedUser } from "~/features/auth/user-cache";
import { notify } from "~/shared/lib/toasts";
import { PROFILE_MESSAGES } from "./messages";

/** After the emailed deletion link: /home?deleted=1 says it is done, then tidies the URL. */
export function useDeletedNotice() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (new URLSearchParams(search).get("deleted") !== "1") return;
    clearCachedUser();
    notify.success(PROFILE_MESSAGES.deleted, { id: "profile-delete" });
    void navigate("/home", { replace: true, preventScrollReset: true });
  }, [search, navigate]);
}
