import { useRef } from "react";
import { account } from "~/shared/i18n/catalog/account";
import { LANGUAGE_NAME, LOCALES } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { cn } from "~/shared/lib/cn";
import { ActionButton, Button } from "~/shared/ui/button";
import { FieldShell, inputClasses, TextArea, TextField } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { useFocusOn } from "~/shared/lib/use-focus";
import { useHydrated } from "~/shared/lib/use-hydrated";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { AccountDate } from "./account-date";
import type { ProfileDraft } from "./profile-draft";
import {
  type AccountWords,
  checkProfile,
  type DateParts,
  dateInputValue,
  DOB_FIELDS,
  dobParts,
  genderLabel,
  GENDERS,
  PROFILE_LIMITS,
  type ProfileRecord,
  type ProfileUpdate,
} from "./user-record";

interface ProfileDetailsProps {
  record: ProfileRecord;
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

/** A language by its own name, marked as that language ("हिन्दी" is Hindi on an English page, "English" English on a Hindi one). */
function LanguageName({ locale }: { locale: ProfileRecord["language"] }) {
  return <span lang={locale}>{LANGUAGE_NAME[locale]}</span>;
}

const DOB_BOXES = [
  { part: "day", label: "dobDay", autoComplete: "bday-day", maxLength: 2, width: "w-16" },
  { part: "month", label: "dobMonth", autoComplete: "bday-month", maxLength: 2, width: "w-16" },
  { part: "year", label: "dobYear", autoComplete: "bday-year", maxLength: 4, width: "w-24" },
] as const;

/**
 * The date of birth as the GOV.UK "memorable date": Day, Month and Year
 * boxes for numbers under one legend, not the browser's date picker (a half
 * typed picker posts "" and, the form being noValidate, cleared the date; it
 * also showed the browser's US format). user-record.ts composes the boxes
 * into `dob`, the same way here (checkProfile) and in the route action; its
 * one error goes in the slot under the boxes.
 *
 * The fieldset carries the field's name (`dob`): the form's error handling
 * (useFieldErrors) focuses the first element named by an error, and the
 * fieldset passes that focus on to the Day box.
 */
function DateOfBirthField({ defaults, error, t, autoFocus }: { defaults: DateParts; error?: string; t: AccountWords; autoFocus?: boolean }) {
  const day = useRef<HTMLInputElement>(null);
  const errorId = "profile-dob-error";
  return (
    <fieldset
      name="dob"
      tabIndex={-1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) day.current?.focus();
      }}
      aria-describedby="profile-dob-hint"
      className="min-w-0 outline-none"
    >
      <legend className="text-sm font-medium text-ink-800">{t.details.dob}</legend>
      <p id="profile-dob-hint" className="mt-1 text-sm text-ink-600">
        {t.details.dobHint}
      </p>
      <div className="mt-1.5 flex gap-3">
        {DOB_BOXES.map((box) => (
          <div key={box.part}>
            <label htmlFor={`profile-dob-${box.part}`} className="block text-sm text-ink-700">
              {t.details[box.label]}
            </label>
            <input
              ref={box.part === "day" ? day : undefined}
              autoFocus={autoFocus && box.part === "day"}
              id={`profile-dob-${box.part}`}
              name={DOB_FIELDS[box.part]}
              type="text"
              inputMode="numeric"
              autoComplete={box.autoComplete}
              maxLength={box.maxLength}
              defaultValue={defaults[box.part]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(inputClasses, "mt-1 tabular-nums", box.width)}
            />
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The form's fields in the order they are shown: the first refused one takes the focus. */
const FOCUS_ORDER = ["name", "gender", "dob", "language", "about"] as const;

/**
 * Profile Details: Name, Email (read-only), Gender, Date of Birth, About and
 * the language of the person's mails. In view mode the values read as text;
 * Edit turns them into a form (spec: editable only in edit mode), which posts
 * to the page's action.
 */
export function ProfileDetails({ record, draft, editing, errors: answered, busy, onSubmit, onCancel }: ProfileDetailsProps) {
  const t = useMessages("account", account);
  const hydrated = useHydrated();
  // The server's answer (a new object per answer) or, before a save, the same check run here.
  const fields = useFieldErrors({ validate: (data) => checkProfile(data, t), answer: answered, answerErrors: answered });
  const notSet = <span className="text-ink-500">{t.details.notSet}</span>;
  const errors = fields.errors;
  const values = draft?.values ?? record;
  const language = draft?.values.language ?? record.language;
  const nameRef = useRef<HTMLInputElement>(null);
  // Opened in edit mode (?edit=1, an Edit pressed before the scripts; a refused plain save), the form is hydrated
  // while the visitor may be typing in it. The first refused field, else Name.
  useFocusOn(() => (editing ? (nameRef.current?.form?.querySelector<HTMLElement>("[aria-invalid=true]") ?? nameRef.current) : null), [editing]);
  // The page as served in edit mode (an Edit pressed before the scripts, or without them) takes the focus to
  // the same field with HTML's autofocus, which also brings it into view at once: the form is far below the
  // top, and a press that changed nothing in sight looked lost. Hydration then finds the focus placed.
  const autoFocusOn = editing && !hydrated ? (FOCUS_ORDER.find((name) => errors[name]) ?? "name") : null;

  // A custom gender written through the API is kept as an option rather than lost.
  const genders: readonly string[] = GENDERS.includes(values.gender as (typeof GENDERS)[number]) ? GENDERS : [...GENDERS, values.gender];
  // The stored date (a real one, else none); in the form, a draft's boxes as they were typed.
  const dob = dateInputValue(record.dob);
  const dobDefaults = dobParts(draft ? draft.values.dob : dob);

  return (
    <section aria-labelledby="details-heading" className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-ink-200/70 sm:p-8">
      <h2 id="details-heading" className="text-xl font-bold">
        {t.details.heading}
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
          onChange={(event) => {
            // The date's three boxes share its one slot: typing in any of them clears it.
            const { name } = event.target as EventTarget & { name?: unknown };
            const boxes: unknown[] = Object.values(DOB_FIELDS);
            fields.formProps.onChange(boxes.includes(name) ? ({ target: { name: "dob" } } as unknown as React.FormEvent<HTMLFormElement>) : event);
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
            autoFocus={autoFocusOn === "name"}
            label={t.details.name}
            name="name"
            defaultValue={values.name}
            required
            maxLength={PROFILE_LIMITS.name}
            autoComplete="name"
            error={errors.name}
          />
          <TextField label={t.details.email} name="email-display" type="email" value={record.email} readOnly hint={t.details.emailHint} />
          <FieldShell id="profile-gender" label={t.details.gender} error={errors.gender}>
            {/* Drawn like the text fields (white, with a chevron): the browser's own select looked disabled. */}
            <div className="relative">
              <select
                id="profile-gender"
                autoFocus={autoFocusOn === "gender"}
                name="gender"
                defaultValue={values.gender}
                className={cn(inputClasses, "cursor-pointer appearance-none pr-10")}
                aria-invalid={errors.gender ? true : undefined}
              >
                {genders.map((g) => (
                  <option key={g} value={g}>
                    {genderLabel(g, t)}
                  </option>
                ))}
              </select>
              <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
            </div>
          </FieldShell>
          <DateOfBirthField defaults={dobDefaults} error={errors.dob} t={t} autoFocus={autoFocusOn === "dob"} />
          <FieldShell id="profile-language" label={t.details.language} hint={t.details.languageHint} error={errors.language}>
            <div className="relative">
              <select
                id="profile-language"
                autoFocus={autoFocusOn === "language"}
                name="language"
                defaultValue={language}
                className={cn(inputClasses, "cursor-pointer appearance-none pr-10")}
                aria-invalid={errors.language ? true : undefined}
                aria-describedby={errors.language ? "profile-language-error" : "profile-language-hint"}
              >
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {LANGUAGE_NAME[locale]}
                  </option>
                ))}
              </select>
              <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
            </div>
          </FieldShell>
          <div className="sm:col-span-2">
            <TextArea
              label={t.details.about}
              autoFocus={autoFocusOn === "about"}
              name="about"
              rows={4}
              defaultValue={values.about}
              maxLength={PROFILE_LIMITS.about}
              placeholder={t.details.aboutPlaceholder}
              error={errors.about}
            />
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            {/* aria-disabled, not disabled: a disabled button drops keyboard focus to <body> while the save runs. */}
            <Button type="submit" aria-disabled={busy || undefined} className={busy ? "cursor-wait opacity-60" : undefined}>
              {busy ? t.details.saving : t.details.save}
            </Button>
            {/* Without JavaScript it loads this page without `?edit=1` (the GET form below: forms do not nest). */}
            <ActionButton form="profile-details-cancel" variant="ghost" onAction={onCancel}>
              {t.details.cancel}
            </ActionButton>
          </div>
        </form>
      ) : (
        <dl className="mt-6 grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Value label={t.details.name}>
            <span translate="no">{record.name}</span>
          </Value>
          <Value label={t.details.email}>
            <span translate="no">{record.email}</span>
          </Value>
          <Value label={t.details.gender}>{record.gender ? genderLabel(record.gender, t) : notSet}</Value>
          <Value label={t.details.dob}>{dob ? <AccountDate iso={`${dob}T12:00:00Z`} /> : notSet}</Value>
          <Value label={t.details.language}>
            <LanguageName locale={record.language} />
          </Value>
          <Value label={t.details.about} className="sm:col-span-2">
            {record.about ? <span className="whitespace-pre-line">{record.about}</span> : notSet}
          </Value>
        </dl>
      )}
      {editing && <form id="profile-details-cancel" method="get" hidden />}
    </section>
  );
}
