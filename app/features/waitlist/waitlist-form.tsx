import { useId } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/features/forms";
import { cn } from "~/shared/lib/cn";
import type { Viewer } from "~/shared/lib/viewer";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import { FieldShell, inputClasses } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import type { Interest } from "./interests";
import { checkWaitlistJoin, EMAIL_MAX_LENGTH, type WaitlistField } from "./waitlist-check";
import type { WaitlistActionData } from "./waitlist-state";
import { waitlist } from "~/shared/i18n/catalog/waitlist";
import { fill, useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";

/** A callback ref: focuses the element once it is in the page. */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

interface WaitlistFormProps {
  /** The choices offered ("Anything" is always first). */
  interests: readonly Interest[];
  /** The page the form is on: a plain post's answer links back to it. */
  source: string;
  /** The signed-in visitor: one press joins with their verified address. */
  viewer: Pick<Viewer, "email"> | null | undefined;
  /** A plain post's answer (the /waitlist page renders it). */
  answer?: WaitlistActionData;
  defaultInterest?: string;
}

/**
 * The launch waitlist's form (issue 21): an email and, optionally, the plan or
 * product of interest. It posts to `/waitlist` in the page's language (the
 * route's action: a Hindi page's form to /hi/waitlist, which answers in Hindi)
 * as a plain form, so it works without JavaScript; with it, a fetcher answers in place.
 */
export function WaitlistForm({ interests, source, viewer, answer, defaultInterest = "" }: WaitlistFormProps) {
  const fetcher = useFetcher<WaitlistActionData>();
  const result = fetcher.data ?? answer;
  const t = useMessages("waitlist", waitlist);
  const localize = useLocalize();
  const { errors, formProps, summary } = useFieldErrors<WaitlistField>({
    validate: (fields) => checkWaitlistJoin(fields, t),
    answer: result,
    answerErrors: result?.status === "invalid" ? result.fieldErrors : undefined,
  });
  const id = useId();
  const values = result && (result.status === "invalid" || result.status === "failed") ? result.values : undefined;
  const busy = fetcher.state !== "idle";

  if (result?.status === "check-inbox" || result?.status === "joined") {
    return (
      // The form (and the button that had focus) is gone: focus moves here, so the answer is read out.
      <div ref={focusOnMount} tabIndex={-1} className="rounded-xl outline-none focus-visible:outline-2 focus-visible:outline-brand-500">
        <Banner tone="success" className="text-left">
          <p className="font-semibold">{result.status === "joined" ? t.joinedTitle : t.checkInboxTitle}</p>
          <p className="mt-1">
            {result.status === "check-inbox"
              ? fill(t.checkInboxText, { email: result.email })
              : result.interest
                ? // The label in the page's language (the form's own choices), else the server's words.
                  fill(t.joinedText, { email: result.email, interest: interests.find((i) => i.value === result.interest)?.label ?? result.interestLabel })
                : fill(t.joinedTextAnything, { email: result.email })}
          </p>
          {result.status === "joined" && (
            // A plain link to the place's unsubscribe page (its "Leave the waitlist" button removes it).
            <p className="mt-2">
              <a href={result.leave} className="font-medium underline underline-offset-2">
                {t.leaveLink}
              </a>
            </p>
          )}
        </Banner>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action={localize("/waitlist")} className="relative text-left" {...formProps}>
      {summary}
      <input type="hidden" name="source" value={source} />
      <Honeypot label={t.honeypot} />
      {result?.status === "failed" && (
        <Banner tone="error" className="mb-4">
          {result.message}
        </Banner>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-start">
        {viewer ? (
          <div>
            <input type="hidden" name="email" value={viewer.email} />
            <p className="text-sm font-medium text-ink-800">{t.yourAddress}</p>
            <p className="mt-1.5 truncate py-2.5 text-sm font-semibold text-ink-950" title={viewer.email}>
              {viewer.email}
            </p>
            {errors.email && (
              <p role="alert" className="text-sm text-red-700">
                {errors.email}
              </p>
            )}
          </div>
        ) : (
          <FieldShell id={`${id}-email`} label={t.email} error={errors.email}>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              placeholder="you@example.com"
              defaultValue={values?.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className={inputClasses}
            />
          </FieldShell>
        )}
        <FieldShell id={`${id}-interest`} label={t.interestedIn} error={errors.interest}>
          <div className="relative">
            <select
              id={`${id}-interest`}
              name="interest"
              defaultValue={values?.interest ?? defaultInterest}
              aria-invalid={errors.interest ? true : undefined}
              aria-describedby={errors.interest ? `${id}-interest-error` : undefined}
              className={cn(inputClasses, "cursor-pointer appearance-none pr-10")}
            >
              <option value="">{t.anything}</option>
              {(["Plans", "Products"] as const).map((group) => {
                const options = interests.filter((i) => i.group === group);
                return options.length === 0 ? null : (
                  <optgroup key={group} label={group === "Plans" ? t.plansGroup : t.productsGroup}>
                    {options.map((i) => (
                      <option key={i.value} value={i.value}>
                        {i.label}
                      </option>
                    ))}
                  </optgroup>
                );
              })}
            </select>
            <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
          </div>
        </FieldShell>
        {/* The labels' height above the fields, so the button lines up with them on a row. */}
        <div className="sm:pt-7">
          <Button type="submit" disabled={busy} className="w-full whitespace-nowrap sm:w-auto" data-pending-label={t.submitting}>
            <Icon name="bell" className="size-4" />
            {busy ? t.submitting : t.submit}
          </Button>
        </div>
      </div>
      <p className="mt-3 text-xs text-ink-600">{t.note}</p>
    </fetcher.Form>
  );
}
