import { useEffect, useRef } from "react";
import { cn } from "~/shared/lib/cn";
import { ActionLink, Button } from "~/shared/ui/button";
import { FieldShell, inputClasses, TextArea, TextField } from "~/shared/ui/field";
import { LocalDate } from "~/shared/ui/local-date";
import { Icon } from "~/shared/ui/icon";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import type { ProfileDraft } from "./profile-draft";
import { checkProfile, dateInputValue, GENDERS, PROFILE_LIMITS, type ProfileUpdate, type UserRecord } from "./user-record";

interface ProfileDetailsProps {
  record: UserRecord;
  /** Values typed before the session ended (profile-draft.ts), shown in place of the record's, and the version they were based on. */
  draft?: ProfileDraft | null;
  editing: boolean;
  errors: Partial<Record<keyof ProfileUpdate, string>>;
  busy: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

function Value({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="mt-1 text-base break-words text-ink-950">{children}</dd>
    </div>
  );
}

const notSet = <span className="text-ink-500">Not set</span>;

/**
 * Profile Details: Name, Email (read-only), Gender, Date of Birth, About.
 * In view mode the values read as text; Edit turns them into a form (spec:
 * editable only in edit mode), which posts to the page's action.
 */
export function ProfileDetails({ record, draft, editing, errors: answered, busy, onSubmit, onCancel }: ProfileDetailsProps) {
  const hydrated = useHydrated();
  // The server's answer (a new object per answer) or, before a save, the same check run here.
  const fields = useFieldErrors({ validate: checkProfile, answer: answered, answerErrors: answered });
  const errors = fields.errors;
  const values = draft?.values ?? record;
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  // A custom gender written through the API is kept as an option rather than lost.
  const genders: readonly string[] = GENDERS.includes(values.gender as (typeof GENDERS)[number]) ? GENDERS : [...GENDERS, values.gender];
  const dob = dateInputValue(values.dob);

  return (
    <section aria-labelledby="details-heading" className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
      <h2 id="details-heading" className="text-xl font-bold">
        Profile Details
      </h2>
      {editing ? (
        <form
          // No key on the record: a save's answer arrives while the form is still shown (until the page's
          // data is read again), and a new key would rebuild the form and drop the focused Save button to
          // <body>. Each time the form opens it is mounted afresh from the current record anyway.
          id="profile-details-form"
          method="post"
          {...fields.formProps}
          onSubmit={(event) => {
            // One save at a time (the button stays focusable while it runs, so it is not `disabled`).
            if (busy) {
              event.preventDefault();
              return;
            }
            fields.formProps.onSubmit(event);
            if (!event.defaultPrevented) onSubmit(event);
          }}
          className="mt-6 grid gap-5 sm:grid-cols-2"
        >
          {fields.summary}
          <input type="hidden" name="intent" value="save" />
          {/* The version this form edits: a save over a newer one (another tab) is refused with 409. */}
          <input type="hidden" name="version" value={draft?.version ?? record.updated_at} />
          {/* Whose form this is: a draft the server keeps after a session ended comes back only to this account. */}
          <input type="hidden" name="owner" value={record.id} />
          {/* With scripts, a save whose session ended is answered with data (the draft is kept), not a redirect. */}
          {hydrated && <input type="hidden" name="client" value="script" />}
          <TextField
            ref={nameRef}
            label="Name"
            name="name"
            defaultValue={values.name}
            required
            maxLength={PROFILE_LIMITS.name}
            autoComplete="name"
            error={errors.name}
          />
          <TextField label="Email" name="email-display" type="email" value={record.email} readOnly hint="Your email cannot be changed here." />
          <FieldShell id="profile-gender" label="Gender" error={errors.gender}>
            {/* Drawn like the text fields (white, with a chevron): the browser's own select looked disabled. */}
            <div className="relative">
              <select
                id="profile-gender"
                name="gender"
                defaultValue={values.gender}
                className={cn(inputClasses, "cursor-pointer appearance-none pr-10")}
                aria-invalid={errors.gender ? true : undefined}
              >
                {genders.map((g) => (
                  <option key={g} value={g}>
                    {g === "" ? "Not specified" : g}
                  </option>
                ))}
              </select>
              <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
            </div>
          </FieldShell>
          <TextField
            label="Date of Birth"
            name="dob"
            type="date"
            defaultValue={dob}
            max={new Date().toISOString().slice(0, 10)}
            min="1900-01-01"
            error={errors.dob}
          />
          <div className="sm:col-span-2">
            <TextArea
              label="About"
              name="about"
              rows={4}
              defaultValue={values.about}
              maxLength={PROFILE_LIMITS.about}
              placeholder="A few words about you"
              error={errors.about}
            />
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            {/* aria-disabled, not disabled: a disabled button drops keyboard focus to <body> while the save runs. */}
            <Button type="submit" aria-disabled={busy || undefined} className={busy ? "cursor-wait opacity-60" : undefined}>
              {busy ? "Saving..." : "Save"}
            </Button>
            <ActionLink to="/profile" variant="ghost" onAction={onCancel}>
              Cancel
            </ActionLink>
          </div>
        </form>
      ) : (
        <dl className="mt-6 grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Value label="Name">{record.name}</Value>
          <Value label="Email">{record.email}</Value>
          <Value label="Gender">{record.gender || notSet}</Value>
          <Value label="Date of Birth">{dob ? <LocalDate iso={`${dob}T12:00:00Z`} /> : notSet}</Value>
          <Value label="About" className="sm:col-span-2">
            {record.about ? <span className="whitespace-pre-line">{record.about}</span> : notSet}
          </Value>
        </dl>
      )}
    </section>
  );
}
