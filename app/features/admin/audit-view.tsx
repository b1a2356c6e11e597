import { Link } from "react-router";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import type { AuditEntry } from "./audit.server";

export function AuditView({ entries, next, paged }: { entries: AuditEntry[]; next: string | null; paged: boolean }) {
  return (
    <>
      <AdminHeading title="Audit log" intro="Every operator action: who did what, and when. Entries cannot be changed or removed here." />
      {entries.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200">No operator action yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-ink-200" tabIndex={0} role="region" aria-label="Audit log entries">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Operator actions, newest first</caption>
            <thead className="border-b border-ink-200 bg-ink-50 text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">When</th>
                <th scope="col" className="px-4 py-3 font-semibold">Who</th>
                <th scope="col" className="px-4 py-3 font-semibold">Action</th>
                <th scope="col" className="px-4 py-3 font-semibold">On</th>
                <th scope="col" className="px-4 py-3 font-semibold">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-4 py-3 text-ink-700"><LocalDate iso={entry.at} withTime /></td>
                  <td className="px-4 py-3 break-words text-ink-800">{entry.actorEmail}</td>
                  <td className="whitespace-nowrap px-4 py-3 font-medium text-ink-950">{entry.action}</td>
                  <td className="px-4 py-3 text-ink-700">{entry.target}</td>
                  <td className="px-4 py-3 text-ink-700">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-6 flex justify-between">
        {paged ? <Link to="/admin/audit" className="font-medium text-brand-700 hover:underline">← Newest</Link> : <span />}
        {next && <Link to={`/admin/audit?after=${next}`} className="font-medium text-brand-700 hover:underline">Older →</Link>}
      </nav>
    </>
  );
}
