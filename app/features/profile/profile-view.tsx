import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { cacheUser, SignOutForm } from "~/features/auth";
import { account } from "~/shared/i18n/catalog/account";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { notify } from "~/shared/lib/toasts";
import { useEachAnswer } from "~/shared/lib/use-each-answer";
import { Avatar } from "~/shared/ui/avatar";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { Banner } from "~/shared/ui/banner";
import { ActionButton, buttonClasses } from "~/shared/ui/button";
import { Icon } from "~/shared/ui/icon";
import { Container } from "~/shared/ui/layout";
import { AccountDate } from "./account-date";
import { DeleteAccountDialog, DeleteAccountForm } from "./delete-account-dialog";
import { fillNodes } from "./fill-nodes";
import { ProfileDetails } from "./profile-details";
import { draftValues, dropDraft, keepDraft, type ProfileDraft, useStoredDraft } from "./profile-draft";
import type { ProfileActionData } from "./profile-state";
import { ProfileStats } from "./profile-stats";
import type { ProfileRecord } from "./user-record";

interface ProfileViewProps {
  record: ProfileRecord;
  hasPassword: boolean;
  linkError: boolean;
  /** `?edit=1` / `?delete=1`: the views a press before the scripts (or without them) asks the server for. */
  startEditing: boolean;
  startDeleting: boolean;
  /** The answer to a plain form post (no JavaScript). */
  initial: ProfileActionData | undefined;
  /** What a save without JavaScript kept when the session had ended (server-draft.server.ts), now back for this account. */
  serverDraft?: ProfileDraft | null;
}

/**
 * /profile (spec section 2). Edit/save and delete post to the route's action:
 * with JavaScript through fetchers (toasts from the action's answer, no
 * reload), without it as plain posts whose answer is this page again. Edit
 * and Delete are buttons (ActionButton) that open the form and the dialog in
 * place, and before the scripts ask for `?edit=1` / `?delete=1`.
 */
export function ProfileView({ record, hasPassword, linkError, startEditing, startDeleting, initial, serverDraft = null }: ProfileViewProps) {
  const t = useMessages("account", account);
  const localize = useLocalize();
  const save = useFetcher<ProfileActionData>();
  const remove = useFetcher<ProfileActionData>();
  const saved = (save.data ?? initial)?.intent === "save" ? (save.data ?? initial) : undefined;
  const deletion = (remove.data ?? initial)?.intent === "delete" ? (remove.data ?? initial) : undefined;

  const [editing, setEditing] = useState(startEditing && !(saved?.intent === "save" && saved.ok));
  const [deleteOpen, setDeleteOpen] = useState(false);
  const hydrated = useHydrated();
  const [deleteAnswer, setDeleteAnswer] = useState<Extract<ProfileActionData, { intent: "delete" }> | undefined>(undefined);
  const [errors, setErrors] = useState(saved?.intent === "save" && !saved.ok ? saved.errors : {});
  const editButton = useRef<HTMLButtonElement>(null);
  /**
   * Set when the form closes: the button that reopens it takes focus as soon
   * as a render has put it back (a frame later is not enough on a busy
   * machine: the render that mounts it can come after that frame), and
   * before that render is painted, so focus is never seen on <body>.
   */
  const focusEditButton = useRef(false);
  useLayoutEffect(() => {
    if (!focusEditButton.current || !editButton.current) return;
    focusEditButton.current = false;
    editButton.current.focus();
  });
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusNameField = () => document.querySelector<HTMLInputElement>('#profile-details-form input[name="name"]')?.focus();
  const current = saved?.intent === "save" && saved.ok ? saved.record : record;

  // A save that could not complete (profile-draft.ts): what was typed, and what the page says about it.
  // Without JavaScript the answer is a new page: the refused save gives back what was posted, so the form
  // shows it as the person left it (a field error, or another tab's newer save: 409), not the stored record.
  const refused = !save.data && saved?.intent === "save" && !saved.ok ? saved : undefined;
  const [draft, setDraft] = useState<ProfileDraft | null>(
    serverDraft ?? (refused?.typed ? { userId: record.id, savedAt: 0, version: refused.typed.version, values: refused.typed.values } : null),
  );
  const [formNotice, setFormNotice] = useState<"session-ended" | "conflict" | "draft-restored" | null>(
    serverDraft ? "draft-restored" : refused?.conflict ? "conflict" : null,
  );
  const [formKey, setFormKey] = useState(0);
  const submitted = useRef<Omit<ProfileDraft, "userId" | "savedAt"> | null>(null);
  const revalidator = useRevalidator();
  // Once per page view, as soon as the browser's storage can be read: a draft waiting for this account
  // (kept when a save found the session ended) goes back into the form.
  const stored = useStoredDraft(record.id);
  const [draftChecked, setDraftChecked] = useState(false);
  if (!draftChecked && stored !== undefined) {
    setDraftChecked(true);
    if (stored) {
      setDraft(stored);
      setEditing(true);
      setFormNotice("draft-restored");
    }
  }
  /**
   * Back in view mode: an address that still said `?edit=1` (an Edit pressed before the scripts) would
   * reopen the form on a reload or from a bookmark (spec: a save returns to view). The address bar's
   * entry is replaced, as the page script does for its markers: a navigation would load the page's data
   * again and could cancel one the visitor just started.
   */
  const leaveEditAddress = () => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("edit")) return;
    url.searchParams.delete("edit");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  };
  /** Saved, cancelled or replaced by the newer record: no draft and no notice about one any more. */
  const forgetDraft = () => {
    setFormNotice(null);
    setDraft(null);
    dropDraft(sessionStorage);
  };
  const reloadRecord = async () => {
    await revalidator.revalidate();
    forgetDraft();
    setErrors({});
    setFormKey((k) => k + 1);
  };

  // The spec keeps a copy of the record in local storage under `user` (the spec's record: without the mail language).
  useEffect(() => {
    const { language: _language, ...spec } = current;
    cacheUser(spec);
  }, [current]);

  const linkErrorText = t.profile.deleteLinkInvalid;
  useEffect(() => {
    if (linkError) notify.error(linkErrorText, { id: "delete-link" });
  }, [linkError, linkErrorText]);

  useEachAnswer(save.data, save.state, (answer) => {
    if (answer.intent !== "save") return;
    if (answer.ok) {
      notify.success(t.profile.updated, { id: "profile-save" });
      setErrors({});
      setEditing(false);
      leaveEditAddress();
      forgetDraft();
      // Back in view mode the form is gone: focus goes to the button that reopens it, never to <body>.
      focusEditButton.current = true;
    } else if (answer.sessionEnded || answer.conflict) {
      // Said once, above the form that still holds what was typed (no toast on top of it).
      notify.dismiss("profile-save");
      if (answer.sessionEnded && submitted.current) keepDraft(sessionStorage, { userId: current.id, ...submitted.current });
      setFormNotice(answer.sessionEnded ? "session-ended" : "conflict");
    } else {
      // A field's error is said in its slot only; the toast is for a save that failed as a whole.
      if (Object.values(answer.errors).some(Boolean)) notify.dismiss("profile-save");
      else notify.error(t.profile.updateFailed, { id: "profile-save" });
      setFormNotice(null);
      setErrors(answer.errors);
    }
  });

  useEachAnswer(remove.data, remove.state, (answer) => {
    if (answer.intent !== "delete") return;
    // Success is a redirect home (the home page says so). Anything else keeps the dialog open with the reason.
    if (answer.outcome === "mail-sent") {
      setDeleteOpen(false);
      notify.success(answer.message, { id: "profile-delete", duration: 8000 });
    } else {
      // Said once, in the dialog beside the fields (the "Deleting account..." toast just goes).
      setDeleteAnswer(answer);
      notify.dismiss("profile-delete");
    }
  });

  const onSave = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const version = new FormData(event.currentTarget).get("version");
    submitted.current = { version: typeof version === "string" ? version : current.updated_at, values: draftValues(event.currentTarget) };
    notify.loading(t.profile.updating, { id: "profile-save" });
    // Marked as the script's post here, not only by the form's hidden field: a press right after the
    // hydration's commit comes before the re-render that adds it, and a plain post that saved redirects.
    const form = new FormData(event.currentTarget);
    form.set("client", "script");
    void save.submit(form, { method: "post" });
  };

  const onDelete = (form: HTMLFormElement) => {
    notify.loading(t.profile.deleting, { id: "profile-delete" });
    void remove.submit(form, { method: "post" });
  };

  const secondary = buttonClasses("secondary");
  return (
    <div className="bg-ink-50 pb-16">
      <div className="scheme-light h-40 bg-gradient-to-r from-brand-800 via-brand-700 to-brand-900 sm:h-48" />
      <Container className="-mt-24 space-y-6 sm:-mt-28">
        <header className="rounded-3xl bg-white p-6 shadow-lift ring-1 ring-ink-200/70 sm:p-8">
          {/* Identity above the toolbar until there is room for both on one line (xl), so the toolbar never wraps. */}
          <div className="flex flex-col gap-6 xl:flex-row xl:items-center xl:justify-between">
            <div className="flex min-w-0 items-center gap-5">
              <Avatar name={current.name} email={current.email} size="lg" />
              <div className="min-w-0">
                <h1 className="text-2xl font-bold break-words sm:text-3xl" translate="no">
                  {current.name}
                </h1>
                {/* One's own address is never cut short: it breaks where it must. */}
                <p className="break-all text-ink-600" translate="no">
                  {current.email}
                </p>
                <p className="mt-1 text-sm text-ink-600">{fillNodes(t.page.memberSince, { date: <AccountDate iso={current.created_at} /> })}</p>
              </div>
            </div>
            {/* Two even rows on a phone, one row above; the same four buttons in edit mode (nothing jumps).
                Beside the identity (xl) the toolbar keeps its one row and a long name wraps instead
                (the Hindi labels are wider: with a long name they wrapped to a ragged second row at 1280 px). */}
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center xl:shrink-0 xl:flex-nowrap">
              <ActionButton
                query={{ edit: "1" }}
                ref={editButton}
                onAction={() => {
                  if (editing) focusNameField();
                  else setEditing(true);
                }}
              >
                <Icon name="pencil" className="size-4" />
                {t.page.editProfile}
              </ActionButton>
              <Link to={localize("/profile/security")} className={buttonClasses("secondary")}>
                <Icon name="shield-check" className="size-4" />
                {t.page.security}
              </Link>
              <SignOutForm className={buttonClasses("secondary")}>
                <Icon name="log-out" className="size-4" />
                {t.page.signOut}
              </SignOutForm>
              {/* Apart from Edit: the one that cannot be undone, last and in red. */}
              <ActionButton
                query={{ delete: "1" }}
                variant="secondary"
                // One line on a 390 px phone too (the other three fit their half of the row with room to spare).
                className="text-red-700 ring-red-200 whitespace-nowrap hover:bg-red-50 hover:ring-red-300 max-sm:gap-1.5 max-sm:px-2.5 sm:ml-2"
                ref={deleteButton}
                onAction={() => setDeleteOpen(true)}
              >
                <Icon name="trash-2" className="size-4" />
                {t.page.deleteAccount}
              </ActionButton>
            </div>
          </div>
        </header>

        {/* A plain save that failed as a whole (a saved one redirects here with the flash instead). */}
        {saved?.intent === "save" && !save.data && !saved.ok && !Object.values(saved.errors).some(Boolean) && (
          <Banner tone="error">{t.profile.updateFailed}</Banner>
        )}

        <ProfileStats updatedAt={current.updated_at} />

        {editing && formNotice && <FormNotice kind={formNotice} onReload={() => void reloadRecord()} />}

        <ProfileDetails
          key={formKey}
          record={current}
          draft={draft}
          editing={editing}
          errors={errors}
          busy={save.state !== "idle"}
          onSubmit={onSave}
          onCancel={() => {
            setEditing(false);
            leaveEditAddress();
            setErrors({});
            forgetDraft();
            focusEditButton.current = true;
          }}
        />

        {startDeleting && !deleteOpen && (
          <section
            id="delete-account"
            aria-labelledby="delete-heading"
            className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-card ring-1 ring-red-200 sm:p-8"
          >
            <h2 id="delete-heading" className="text-xl font-bold text-red-800">
              {t.page.deleteHeading}
            </h2>
            {deletion?.intent === "delete" && deletion.outcome === "mail-sent" ? (
              // An account without a password confirms by email: the post (without scripts) has sent the link.
              // The answer is below the fold: the browser's autofocus brings it into view and reads it out.
              <div className="mt-6 outline-none" tabIndex={-1} autoFocus>
                <Banner tone="success">{deletion.message}</Banner>
              </div>
            ) : (
              <DeleteAccountForm
                // Loaded by Delete before the scripts (or without them), below the fold: the browser's own
                // autofocus brings its first field into view, and leaves the focus where a visitor already put it.
                // Only in the page as served: once hydrated, the section comes back after the dialog closes,
                // and React would move the focus to it.
                autoFocus={!hydrated}
                userName={current.name}
                hasPassword={hasPassword}
                busy={remove.state !== "idle"}
                answer={deletion?.intent === "delete" ? deletion : undefined}
                onConfirm={onDelete}
                cancel={
                  <Link to={localize("/profile")} className={secondary}>
                    {t.page.cancel}
                  </Link>
                }
              />
            )}
          </section>
        )}

        <section
          aria-labelledby="data-heading"
          className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="data-heading" className="text-xl font-bold">
              {t.page.dataHeading}
            </h2>
            <p className="mt-1 text-ink-600">{t.page.dataText}</p>
          </div>
          <a href={localize("/profile/download")} download className={buttonClasses("secondary", "md", "shrink-0")}>
            <Icon name="download" className="size-4" />
            {t.page.download}
          </a>
        </section>
      </Container>

      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={(open) => {
          setDeleteOpen(open);
          setDeleteAnswer(undefined);
        }}
        userName={current.name}
        hasPassword={hasPassword}
        busy={remove.state !== "idle"}
        answer={deleteAnswer}
        onConfirm={onDelete}
        returnFocus={deleteButton}
      />
    </div>
  );
}

/** Why the form is still open with what was typed: the session ended, another tab saved first, or a draft came back. */
function FormNotice({ kind, onReload }: { kind: "session-ended" | "conflict" | "draft-restored"; onReload: () => void }) {
  const t = useMessages("account", account);
  const localize = useLocalize();
  if (kind === "draft-restored") return <Banner tone="info">{t.profile.draftRestored}</Banner>;
  if (kind === "conflict") {
    return (
      <Banner tone="warning">
        {t.profile.changedElsewhere} {/* A link: without JavaScript it loads the form afresh with the newest record. */}
        <Link
          to={localize("/profile?edit=1")}
          onClick={(event) => {
            event.preventDefault();
            onReload();
          }}
          className="font-semibold underline underline-offset-2"
        >
          {t.page.reload}
        </Link>
      </Banner>
    );
  }
  // Signed in again, the person comes back to this page in its language (and the sign-in page is in it too).
  // A document load: the sign-in page runs its own script, not React Router (ADR 0045).
  return (
    <Banner tone="warning">
      {t.profile.sessionEnded}{" "}
      <Link to={localize(`/auth?redirectTo=${encodeURIComponent(localize("/profile"))}`)} reloadDocument className="font-semibold underline underline-offset-2">
        {t.page.signInAgain}
      </Link>
    </Banner>
  );
}
