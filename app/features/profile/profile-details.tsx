import { useEffect, useRef } from "react";
import { TextArea, TextField } from "~/shared/ui/field";
import { FieldShell, inputClasses } from "~/shared/ui/field";
import { cn } from "~/shared/lib/cn";
import { dateInputValue, GENDERS, PROFILE_LIMITS, type ProfileUpdate, type UserRecord } from "./user-record";

export const PROFILE_FORM_ID = "profile-details";

interface ProfileDetailsProps {
  record: UserRecord;
  editing: boolean;
  errors: Partial<Record<keyof ProfileUpdate, string>>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

/**
 * Profile Details: Name, Email (read-only), Gender, Date of Birth, About.
 * Editable only in edit mode; the header's Save button submits this form.
 */
export function ProfileDetails({ record, editing, errors, onSubmit }: ProfileDetailsProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  // A custom gender written through the API is kept as an option rather than lost.
  const genders: readonly string[] = GENDERS.includes(record.gender as (typeof GENDERS)[number]) ? GENDERS : [...GENDERS, record.gender];

  return (
    <section aria-labelledby="details-heading" className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
      <h2 id="details-heading" className="text-xl font-bold">
        Profile Details
      </h2>
      <form
        id={PROFILE_FORM_ID}
        // A new record (after a save) resets the uncontrolled fields to what was stored.
        key={`${record.updated_at}:${editing}`}
        method="post"
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="save" />
        <TextField
          ref={nameRef}
          label="Name"
          name="name"
          defaultValue={record.name}
          readOnly={!editing}
          required
          maxLength={PROFILE_LIMITS.name}
          autoComplete="name"
          error={errors.name}
        />
        <TextField label="Email" name="email-display" type="email" value={record.email} readOnly hint="Your email cannot be changed here." />
        <FieldShell id="profile-gender" label="Gender" error={errors.gender}>
          <select
            id="profile-gender"
            name="gender"
            defaultValue={record.gender}
            disabled={!editing}
            className={cn(inputClasses, "appearance-auto")}
            aria-invalid={errors.gender ? true : undefined}
          >
            {genders.map((g) => (
              <option key={g} value={g}>
                {g === "" ? "Not specified" : g}
              </option>
            ))}
          </select>
        </FieldShell>
        <TextField
          label="Date of Birth"
          name="dob"
          type="date"
          defaultValue={dateInputValue(record.dob)}
          readOnly={!editing}
          max={new Date().toISOString().slice(0, 10)}
          min="1900-01-01"
          error={errors.dob}
        />
        <div className="sm:col-span-2">
          <TextArea
            label="About"
            name="about"
            rows={4}
            defaultValue={record.about}
            readOnly={!editing}
            maxLength={PROFILE_LIMITS.about}
            placeholder={editing ? "A few words about you" : ""}
            error={errors.about}
          />
        </div>
      </form>
    </section>
  );
}
