import { Banner } from "~/shared/ui/banner";
import { ColumnHeadings } from "~/shared/ui/column-headings";
import { ScrollTable } from "~/shared/ui/scroll-table";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import { PostButton } from "./post-button";
import type { MailSummary, UndeliveredMail } from "./mail.server";

const STATE_CLASSES: Record<UndeliveredMail["state"], string> = {
  waiting: "bg-amber-50 text-amber-900 ring-amber-200",
  sending: "bg-brand-50 text-brand-800 ring-brand-200",
  "given up": "bg-red-50 text-red-800 ring-red-200",
};

export function MailView({ summary, answer }: { summary: MailSummary; answer?: { ok: boolean; message: string } }) {
  const { mails, sentToday } = summary;
  return (
    <>
      <AdminHeading
        title="Mail"
        intro={`Mail the site promised and has not delivered yet: it is retried for a day, then given up. ${sentToday.toLocaleString("en-US")} sent in the last 24 hours.`}
      />
      {answer && (
        <div className="mt-4" aria-live="polite">
          <Banner tone={answer.ok ? "success" : "error"}>{answer.message}</Banner>
        </div>
      )}
      {mails.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200">Every mail has been delivered.</p>
      ) : (
        <ScrollTable label="Undelivered mail" card className="mt-6" tableClassName="min-w-[56rem] text-left">
          <caption className="sr-only">Undelivered mail, given-up first, then oldest first</caption>
          <thead className="border-b border-ink-200 bg-ink-50 text-ink-700">
            <ColumnHeadings columns={["Written", "Mail", "To", "State", "Last error", "Next attempt", { hidden: "Action" }]} />
          </thead>
          <tbody className="divide-y divide-ink-100">
            {mails.map((mail) => (
              <tr key={mail.id} className="align-top">
                <td className="px-4 py-3 text-ink-700">
                  <LocalDate iso={mail.createdAt} withTime />
                </td>
                <td className="max-w-[16rem] px-4 py-3">
                  <span className="block font-medium text-ink-950">{mail.kind}</span>
                  <span className="block break-words text-ink-600">{mail.subject}</span>
                </td>
                <td className="px-4 py-3 break-words text-ink-800">{mail.to}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_CLASSES[mail.state]}`}>{mail.state}</span>
                  <span className="mt-1 block text-ink-600">{mail.attempts === 1 ? "1 attempt" : `${mail.attempts} attempts`}</span>
                </td>
                <td className="max-w-[16rem] px-4 py-3 break-words text-ink-700">{mail.lastError ?? "—"}</td>
                <td className="px-4 py-3 text-ink-700">
                  <LocalDate iso={mail.nextAttempt} withTime fallback="—" />
                </td>
                <td className="px-4 py-3">
                  {mail.state !== "sending" && (
                    <PostButton intent="retry" fields={{ id: mail.id }} className="whitespace-nowrap" aria-label={`Retry now: ${mail.kind} mail to ${mail.to}`}>
                      Retry now
                    </PostButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </>
  );
}
