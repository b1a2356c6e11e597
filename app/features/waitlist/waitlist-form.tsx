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
import { WAITLIST_TEXT, type WaitlistActionData } from "./waitlist-state";

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
 * product of interest. It posts to `/waitlist` (the route's action) as a plain
 * form, so it works without JavaScript; with it, a fetcher answers in place.
 */
export function WaitlistForm({ interests, source, viewer, answer, defaultInterest = "" }: WaitlistFormProps) {
  const fetcher = useFetcher<WaitlistActionData>();
  const result = fetcher.data ?? answer;
  const { errors, formProps, summary } = useFieldErrors<WaitlistField>({
    validate: checkWaitlistJoin,
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
          <p className="font-semibold">{result.status === "joined" ? "You are on the list" : "Check your inbox"}</p>
          <p className="mt-1">{result.status === "joined" ? WAITLIST_TEXT.joined(result.email, result.interestLabel) : WAITLIST_TEXT.checkInbox(result.email)}</p>
        </Banner>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action="/waitlist" className="relative text-left" {...formProps}>
      {summary}
      <input type="hidden" name="source" value={source} />
      <Honeypot />
      {result?.status === "failed" && (
        <Banner tone="error" className="mb-4">
          {result.message}
        </Banner>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-start">
        {viewer ? (
          <div>
            <input type="hidden" name="email" value={viewer.email} />
            <p className="text-sm font-medium text-ink-800">Your address</p>
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
          <FieldShell id={`${id}-email`} label="Email" error={errors.email}>
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
        <FieldShell id={`${id}-interest`} label="Interested in" error={errors.interest}>
          <div className="relative">
            <select
              id={`${id}-interest`}
              name="interest"
              defaultValue={values?.interest ?? defaultInterest}
              aria-invalid={errors.interest ? true : undefined}
              aria-describedby={errors.interest ? `${id}-interest-error` : undefined}
              className={cn(inputClasses, "cursor-pointer appearance-none pr-10")}
            >
              <option value="">Anything</option>
              {(["Plans", "Products"] as const).map((group) => {
                const options = interests.filter((i) => i.group === group);
                return options.length === 0 ? null : (
                  <optgroup key={group} label={group}>
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
          <Button type="submit" disabled={busy} className="w-full whitespace-nowrap sm:w-auto">
            <Icon name="bell" className="size-4" />
            {busy ? "Adding you..." : "Notify me at launch"}
          </Button>
        </div>
      </div>
      <p className="mt-3 text-xs text-ink-600">One mail to confirm, then only the launch news. Unsubscribe with one click.</p>
    </fetcher.Form>
  );
}
