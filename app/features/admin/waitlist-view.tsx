import { Form, Link } from "react-router";
import { INTERESTS } from "~/features/waitlist";
import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Button, buttonClasses } from "~/shared/ui/button";
import { inputClasses } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import { PostButton } from "./post-button";
import { DayChart, Stat } from "./day-chart";
import type { loadWaitlist, WaitlistActionResult, WaitlistQuery } from "./waitlist-admin.server";

type Data = Awaited<ReturnType<typeof loadWaitlist>>;

const selectClasses = cn(inputClasses, "cursor-pointer");

function exportHref(query: WaitlistQuery): string {
  const params = new URLSearchParams({ status: query.status, interest: query.interest, ...(query.q ? { q: query.q } : {}) });
  return `/admin/waitlist/export?${params}`;
}

export function WaitlistView({ data, query, answer }: { data: Data; query: WaitlistQuery; answer?: WaitlistActionResult }) {
  const { counts, perDay, entries } = data;
  return (
    <>
      <AdminHeading
        title="Waitlist"
        intro="Who asked to hear at launch, and for what. An address counts once it is confirmed by its mailed link."
        actions={
          <a href={exportHref(query)} className={buttonClasses("secondary", "sm")} download>
            <Icon name="download" className="size-4" />
            Export CSV
          </a>
        }
      />
      {answer && (
        <div className="mt-4" aria-live="polite">
          <Banner tone={answer.ok ? "success" : "error"}>{answer.message}</Banner>
        </div>
      )}
      <dl className="mt-6 grid grid-cols-3 gap-3">
        <Stat label="Confirmed" value={counts.confirmed} />
        <Stat label="Waiting to confirm" value={counts.pending} />
        <Stat label="All addresses" value={counts.total} />
      </dl>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="waitlist-days" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
          <h2 id="waitlist-days" className="font-semibold text-ink-950">
            Confirmed per day, last 30 days
          </h2>
          <DayChart days={perDay} label="Confirmed" />
        </section>
        <section aria-labelledby="waitlist-plans" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
          <h2 id="waitlist-plans" className="font-semibold text-ink-950">
            Confirmed per plan or product
          </h2>
          {counts.byInterest.length === 0 ? (
            <p className="mt-4 text-sm text-ink-600">Nobody has confirmed yet.</p>
          ) : (
            <table className="mt-4 w-full text-left text-sm">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Plan or product</th>
                  <th scope="col">Confirmed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {counts.byInterest.map((row) => (
                  <tr key={row.interest}>
                    <td className="py-2 pr-4">
                      <Link to={`?interest=${encodeURIComponent(row.interest || "none")}&status=confirmed`} className="text-brand-700 hover:underline">
                        {row.label}
                      </Link>
                    </td>
                    <td className="py-2 text-right font-semibold tabular-nums">{row.count.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      <section aria-labelledby="waitlist-find" className="mt-8">
        <h2 id="waitlist-find" className="font-semibold text-ink-950">
          Addresses
        </h2>
        <Form
          method="get"
          role="search"
          aria-label="Waitlist"
          className="mt-3 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-end"
        >
          <div>
            <label htmlFor="waitlist-q" className="block text-sm font-medium text-ink-800">
              Search
            </label>
            <input
              id="waitlist-q"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={254}
              placeholder="Email address contains…"
              className={cn(inputClasses, "mt-1.5")}
            />
          </div>
          <div>
            <label htmlFor="waitlist-status" className="block text-sm font-medium text-ink-800">
              Status
            </label>
            <select id="waitlist-status" name="status" defaultValue={query.status} className={cn(selectClasses, "mt-1.5")}>
              <option value="all">All</option>
              <option value="confirmed">Confirmed</option>
              <option value="pending">Waiting to confirm</option>
            </select>
          </div>
          <div>
            <label htmlFor="waitlist-interest" className="block text-sm font-medium text-ink-800">
              Interest
            </label>
            <select id="waitlist-interest" name="interest" defaultValue={query.interest} className={cn(selectClasses, "mt-1.5")}>
              <option value="any">Any</option>
              <option value="none">Anything (no choice)</option>
              {INTERESTS.map((i) => (
                <option key={i.value} value={i.value}>
                  {i.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit">Filter</Button>
        </Form>
        {entries.length === 0 ? (
          <p className="mt-4 text-ink-600">No address matches.</p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-100 rounded-2xl bg-white shadow-sm ring-1 ring-ink-200" aria-label="Waitlist addresses">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-ink-950">{e.email}</p>
                  <p className="text-sm text-ink-600">
                    {e.interestLabel} · {e.status === "confirmed" ? "confirmed" : "waiting to confirm"} · from {e.source} · <LocalDate iso={e.createdAt} />
                  </p>
                </div>
                <PostButton intent="remove" fields={{ id: e.id }} aria-label={`Remove ${e.email}`}>
                  <Icon name="trash-2" className="size-4" />
                  Remove
                </PostButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
