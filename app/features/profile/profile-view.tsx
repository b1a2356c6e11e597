import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { initialOf } from "~/features/auth/session-user";
import { useSignOut } from "~/features/auth/use-sign-out";
import { cacheUser, clearCachedUser } from "~/features/auth/user-cache";
import { notify } from "~/shared/lib/toasts";
import { Button } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { LocalDate } from "~/shared/ui/local-date";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { PROFILE_MESSAGES } from "./messages";
import { PROFILE_FORM_ID, ProfileDetails } from "./profile-details";
import { ProfileStats } from "./profile-stats";
import type { ProfileUpdate, UserRecord } from "./user-record";

/** What the /profile action answers (routes/profile.tsx). */
export type ProfileActionData =
  | { intent: "save"; ok: true; record: UserRecord }
  | { intent: "save"; ok: false; message: string; errors: Partial<Record<keyof ProfileUpdate, string>> }
  | { intent: "delete"; outcome: "deleted" | "mail-sent" | "name-mismatch" | "password-required" | "failed" | "rate-limited"; message: string };

/** Runs `handle` once for each new fetcher answer. */
function useEachAnswer<T>(data: T | undefined, state: string, handle: (data: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (state !== "idle" || data === undefined || data === seen.current) return;
    seen.current = data;
    handle(data);
  });
}

export function ProfileView({ record, hasPassword, linkError }: { record: UserRecord; hasPassword: boolean; linkError: boolean }) {
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileUpdate, string>>>({});
  const [deleteOpen, setDeleteOpen] = useState(false);
  const save = useFetcher<ProfileActionData>();
  const remove = useFetcher<ProfileActionData>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const signOut = useSignOut();

  // The spec keeps a copy of the record in local storage under `user`.
  useEffect(() => cacheUser(record), [record]);

  useEffect(() => {
    if (linkError) notify.error(PROFILE_MESSAGES.deleteLinkInvalid, { id: "delete-link" });
  }, [linkError]);

  useEachAnswer(save.data, save.state, (answer) => {
    if (answer.intent !== "save") return;
    if (answer.ok) {
      notify.success(PROFILE_MESSAGES.updated, { id: "profile-save" });
      setErrors({});
      setEditing(false);
    } else {
      notify.error(PROFILE_MESSAGES.updateFailed, { id: "profile-save" });
      setErrors(answer.errors);
    }
  });

  useEachAnswer(remove.data, remove.state, (answer) => {
    if (answer.intent !== "delete") return;
    setDeleteOpen(false); // the modal closes after a deletion attempt (spec section 4)
    if (answer.outcome === "deleted") {
      notify.success(PROFILE_MESSAGES.deleted, { id: "profile-delete" });
      clearCachedUser();
      void (async () => {
        await navigate("/home");
        await revalidator.revalidate();
      })();
    } else if (answer.outcome === "mail-sent") {
      notify.success(answer.message, { id: "profile-delete", duration: 8000 });
    } else if (answer.outcome === "name-mismatch") {
      notify.error(PROFILE_MESSAGES.nameMismatch, { id: "profile-delete" });
    } else {
      notify.error(answer.outcome === "rate-limited" ? answer.message : PROFILE_MESSAGES.deleteFailed, { id: "profile-delete" });
    }
  });

  const onSave = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    notify.loading(PROFILE_MESSAGES.updating, { id: "profile-save" });
    void save.submit(event.currentTarget, { method: "post" });
  };

  const onDelete = ({ name, password }: { name: string; password: string }) => {
    if (name.trim() !== record.name.trim()) {
      notify.error(PROFILE_MESSAGES.nameMismatch, { id: "profile-delete" });
      return;
    }
    // Spec: without a password the action silently stops.
    if (hasPassword && !password) return;
    notify.loading(PROFILE_MESSAGES.deleting, { id: "profile-delete" });
    void remove.submit({ intent: "delete", name, password }, { method: "post" });
  };

  return (
    <div className="bg-ink-50 pb-16">
      <div className="h-40 bg-gradient-to-r from-brand-800 via-brand-700 to-brand-900 sm:h-48" />
      <Container className="-mt-24 space-y-6 sm:-mt-28">
        <header className="rounded-3xl bg-white p-6 shadow-lift ring-1 ring-ink-200/70 sm:p-8">
          <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
            <div className="flex items-center gap-5">
              <span
                aria-hidden="true"
                className="inline-flex size-20 shrink-0 items-center justify-center rounded-3xl bg-gradient-to-br from-brand-500 to-brand-800 text-4xl font-bold text-white shadow-sm"
              >
                {initialOf(record)}
              </span>
              <div className="min-w-0">
                <h1 className="truncate text-2xl font-bold sm:text-3xl">{record.name}</h1>
                <p className="truncate text-ink-600">{record.email}</p>
                <p className="mt-1 text-sm text-ink-600">
                  Member since <LocalDate iso={record.created_at} />
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {editing ? (
                <>
                  <Button type="submit" form={PROFILE_FORM_ID} disabled={save.state !== "idle"}>
                    <Icon name="save" className="size-4" />
                    Save
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setEditing(false);
                      setErrors({});
                    }}
                  >
                    Cancel
                  </Button>
                </>
              ) : (
                <Button onClick={() => setEditing(true)}>
                  <Icon name="pencil" className="size-4" />
                  Edit Profile
                </Button>
              )}
              <Button variant="secondary" onClick={() => setDeleteOpen(true)}>
                <Icon name="trash-2" className="size-4" />
                Delete Account
              </Button>
              <Button variant="ghost" onClick={() => void signOut()}>
                <Icon name="log-out" className="size-4" />
                Sign Out
              </Button>
            </div>
          </div>
        </header>

        <ProfileStats updatedAt={record.updated_at} />

        <ProfileDetails record={record} editing={editing} errors={errors} onSubmit={onSave} />

        <section aria-labelledby="data-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="data-heading" className="text-xl font-bold">
              Your data
            </h2>
            <p className="mt-1 text-ink-600">
              Download everything we hold about you: your record, your messages and your sign-in methods (GDPR and CCPA).
            </p>
          </div>
          <a
            href="/profile/download"
            download
            className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-white px-5 text-sm font-semibold text-ink-900 ring-1 ring-inset ring-ink-300 hover:bg-ink-50"
          >
            <Icon name="download" className="size-4" />
            Download my data
          </a>
        </section>
      </Container>

      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        userName={record.name}
        hasPassword={hasPassword}
        busy={remove.state !== "idle"}
        onConfirm={onDelete}
      />
    </div>
  );
}
