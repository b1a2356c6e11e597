import { Form, Link } from "react-router";
import { cn } from "~/shared/lib/cn";
import { Button } from "~/shared/ui/button";
import { inputClasses } from "~/shared/ui/field";
import { ColumnHeadings } from "~/shared/ui/column-headings";
import { ScrollTable } from "~/shared/ui/scroll-table";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import type { AuditEntry } from "./audit.server";

export function AuditView({ entries, next, paged, q }: { entries: AuditEntry[]; next: string | null; paged: boolean; q: string }) {
  const search = q ? `q=${encodeURIComponent(q)}&` : "";
  return (
    <>
      <AdminHeading title="Audit log" intro="Every operator action: who did what, and when. Entries cannot be changed or removed here." />
      <Form
        method="get"
        role="search"
        aria-label="Search the audit log"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="audit-q" className="block text-sm font-medium text-ink-800">
            Search
          </label>
          <input
            id="audit-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="An address, an action like form.created, a message id"
            className={cn(inputClasses, "mt-1.5")}
          />
        </div>
        <Button type="submit" variant="primary" className="h-[42px]">
          Search
        </Button>
      </Form>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200">
          {q ? "No operator action matches this search." : "No operator action yet."}
        </p>
      ) : (
        <ScrollTable label="Audit log entries" card className="mt-6" tableClassName="min-w-[40rem] text-left">
          <caption className="sr-only">Operator actions, newest first</caption>
          <thead className="border-b border-ink-200 bg-ink-50 text-ink-700">
            <ColumnHeadings columns={["When", "Who", "Action", "On", "Details"]} />
          </thead>
          <tbody className="divide-y divide-ink-100">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="whitespace-nowrap px-4 py-3 text-ink-700">
                  <LocalDate iso={entry.at} withTime />
                </td>
                <td className="px-4 py-3 break-words text-ink-800">{entry.actorEmail}</td>
                <td className="whitespace-nowrap px-4 py-3 font-medium text-ink-950">{entry.action}</td>
                <td className="px-4 py-3 text-ink-700">{entry.target}</td>
                <td className="px-4 py-3 text-ink-700">{entry.detail}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <nav aria-label="Pages" className="mt-6 flex justify-between">
        {paged ? (
          <Link to={`/admin/audit${q ? `?q=${encodeURIComponent(q)}` : ""}`} className="font-medium text-brand-700 hover:underline">
            ← Newest
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to={`/admin/audit?${search}after=${next}`} className="font-medium text-brand-700 hover:underline">
            Older →
          </Link>
        )}
      </nav>
    </>
  );
}
