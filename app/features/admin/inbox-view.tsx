import { Form, Link, useNavigation } from "react-router";
import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { inputClasses } from "~/shared/ui/field";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import type { InboxData, InboxMessage } from "./inbox.server";

const selectClasses = cn(inputClasses, "pr-8");

function replyHref(message: InboxMessage): string {
  const subject = `Re: your ${message.form === "feedback" ? "feedback" : "message"}`;
  const quoted = message.message.split("\n").map((line) => `> ${line}`).join("\n");
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`\n\n${quoted}`)}`;
}

function MessageCard({ message, formName }: { message: InboxMessage; formName: string }) {
  const handled = message.status === "handled";
  return (
    <li className={cn("rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6", handled && "bg-ink-50/80")}>
      <article aria-labelledby={`m-${message.id}`}>
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={`m-${message.id}`} className="font-semibold text-ink-950">
              {message.name} <span className="font-normal break-all text-ink-600">&lt;{message.email}&gt;</span>
            </h2>
            <p className="mt-0.5 text-sm text-ink-600">
              {formName} · <LocalDate iso={message.createdAt} withTime />
              {message.signedIn && " · signed in"}
            </p>
          </div>
          <span
            className={cn(
              "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
              handled ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-300",
            )}
          >
            {handled ? "Handled" : "Open"}
          </span>
        </header>
        <p className="mt-3 max-w-[70ch] whitespace-pre-wrap break-words text-ink-800">{message.message}</p>
        <footer className="mt-4 flex flex-wrap items-center gap-2">
          <a href={replyHref(message)} className="inline-flex h-9 items-center rounded-xl px-3.5 text-sm font-semibold text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500">
            Reply by email
          </a>
          <Form method="post">
            <input type="hidden" name="id" value={message.id} />
            <Button type="submit" name="intent" value={handled ? "reopen" : "handled"} variant="secondary" size="sm">
              {handled ? "Reopen" : "Mark handled"}
            </Button>
          </Form>
          {handled && message.handledBy && (
            <p className="text-sm text-ink-600">
              Handled by {message.handledBy}
              {message.handledAt && (
                <>
                  {" "}
                  on <LocalDate iso={message.handledAt} withTime />
                </>
              )}
            </p>
          )}
        </footer>
      </article>
    </li>
  );
}

export function InboxView({ data, notice, error }: { data: InboxData; notice?: string; error?: string }) {
  const { query, messages, forms } = data;
  const navigation = useNavigation();
  const formName = (key: string) => forms.find((f) => f.key === key)?.name ?? key;
  const totalOpen = forms.reduce((sum, f) => sum + f.open, 0);
  return (
    <>
      <AdminHeading
        title="Inbox"
        intro={`Feedback and contact messages, newest first. ${totalOpen.toLocaleString("en-US")} open.`}
        actions={
          <ButtonLink to={`/admin/messages/export${data.exportSearch}`} reloadDocument variant="secondary" size="sm">
            Export CSV
          </ButtonLink>
        }
      />
      <Form method="get" className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end" role="search" aria-label="Filter messages">
        <div>
          <label htmlFor="inbox-form" className="block text-sm font-medium text-ink-800">Form</label>
          <select id="inbox-form" name="form" defaultValue={query.form} className={cn(selectClasses, "mt-1.5")}>
            <option value="">Every form</option>
            {forms.map((f) => (
              <option key={f.key} value={f.key}>
                {f.name} ({f.open} open)
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-status" className="block text-sm font-medium text-ink-800">Status</label>
          <select id="inbox-status" name="status" defaultValue={query.status} className={cn(selectClasses, "mt-1.5")}>
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-q" className="block text-sm font-medium text-ink-800">Search</label>
          <input id="inbox-q" type="search" name="q" defaultValue={query.q} maxLength={100} placeholder="Name, email or words in the message" className={cn(inputClasses, "mt-1.5")} />
        </div>
        <Button type="submit" variant="primary" className="h-[42px]">
          Filter
        </Button>
      </Form>

      <div className="mt-6 space-y-4" aria-live="polite">
        {notice && <Banner tone="success">{notice}</Banner>}
        {error && <Banner tone="error">{error}</Banner>}
      </div>

      {messages.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200">
          {query.q || query.form || query.status !== "open" ? "No messages match this filter." : "No open messages. Everything has been handled."}
        </p>
      ) : (
        <ol className={cn("mt-6 space-y-4", navigation.state === "loading" && "opacity-70")} aria-label="Messages">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} formName={formName(message.form)} />
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="mt-8 flex flex-wrap justify-between gap-3">
        {data.paged ? <Link to={`/admin/messages${data.exportSearch}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">← Newest messages</Link> : <span />}
        {data.nextPage && (
          <Link to={`/admin/messages${data.nextPage}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Older messages →
          </Link>
        )}
      </nav>
    </>
  );
}
