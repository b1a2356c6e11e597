import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { inputClasses, KeptTextarea } from "~/shared/ui/field";
import { LocalDate } from "~/shared/ui/local-date";
import { OnceHydrated } from "~/shared/ui/once-hydrated";
import { AdminHeading } from "./admin-shell";
import type { InboxData, InboxMessage } from "./inbox.server";

const selectClasses = cn(inputClasses, "pr-8");

const BULK_FORM = "inbox-bulk";
const CONFIRM_DELETE = "inbox-confirm-delete";
// Spread, as the side menu's are (React passes them through; its types do not name them yet).
const OPEN_CONFIRM = { commandfor: CONFIRM_DELETE, command: "show-modal" } as const;
const CLOSE_CONFIRM = { commandfor: CONFIRM_DELETE, command: "close" } as const;

const STATUS_BADGE = {
  open: { label: "Open", className: "bg-amber-50 text-amber-900 ring-amber-300" },
  handled: { label: "Handled", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  spam: { label: "Spam", className: "bg-red-50 text-red-800 ring-red-200" },
} as const;

const DELIVERY = { sent: "delivered", waiting: "on its way", failed: "not delivered (see Mail)" } as const;

/** The reply composer: a disclosure (r opens it), a plain post that works without JavaScript. */
function ReplyForm({ message, answer }: { message: InboxMessage; answer?: ReplyAnswer }) {
  const mine = answer?.replyTo === message.id;
  const id = `reply-${message.id}`;
  const error = mine ? answer?.error : undefined;
  return (
    <details className="group mt-4" open={mine || undefined} data-reply>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-xl px-3.5 text-sm font-semibold text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        Reply
      </summary>
      <Form method="post" className="mt-3 max-w-[70ch]" noValidate>
        <input type="hidden" name="id" value={message.id} />
        <label htmlFor={id} className="block text-sm font-medium text-ink-800">
          Your reply to {message.email}
        </label>
        <KeptTextarea
          id={id}
          name="body"
          rows={5}
          maxLength={5000}
          defaultValue={mine ? answer?.body : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={cn(inputClasses, "mt-1.5")}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-600">
            Sent by mail from the site&apos;s address, with their message quoted; they can answer it. The message is then handled.
          </p>
        )}
        <Button type="submit" name="intent" value="reply" variant="primary" size="sm" className="mt-3">
          Send reply
        </Button>
      </Form>
    </details>
  );
}

export interface ReplyAnswer {
  replyTo?: string;
  error?: string;
  body?: string;
}

function MessageCard({ message, formName, answer }: { message: InboxMessage; formName: string; answer?: ReplyAnswer }) {
  const handled = message.status === "handled";
  const spam = message.status === "spam";
  const badge = STATUS_BADGE[message.status];
  const who = message.name || message.email || "an unnamed sender";
  return (
    <li className={cn("rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6", handled && "bg-ink-50/80")}>
      {/* Focusable for the keyboard shortcuts (j / k move between messages). */}
      <article
        aria-labelledby={`m-${message.id}`}
        tabIndex={-1}
        data-message={message.id}
        className="rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-brand-500"
      >
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex min-w-0 items-start gap-3">
            <input
              type="checkbox"
              form={BULK_FORM}
              name={`select.${message.id}`}
              aria-label={`Select the message from ${who}`}
              className="mt-1 size-4 shrink-0 cursor-pointer rounded border-ink-300 accent-brand-600"
            />
            <div className="min-w-0">
              <h2 id={`m-${message.id}`} className="font-semibold text-ink-950">
                {message.name || (message.email ? "" : "No name")}{" "}
                {message.email && <span className="font-normal wrap-anywhere text-ink-600">&lt;{message.email}&gt;</span>}
              </h2>
              <p className="mt-0.5 text-sm text-ink-600">
                {formName} · <LocalDate iso={message.createdAt} withTime />
                {message.signedIn && " · signed in"}
                {spam && message.spamReason && ` · caught by: ${message.spamReason}`}
              </p>
            </div>
          </div>
          <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", badge.className)}>
            {badge.label}
          </span>
        </header>
        {message.extra.length > 0 && (
          <dl className="mt-3 grid max-w-[70ch] grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Other fields">
            {message.extra.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-medium text-ink-700">{name}</dt>
                <dd className="break-words whitespace-pre-wrap text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {message.message && <p className="mt-3 max-w-[70ch] whitespace-pre-wrap break-words text-ink-800">{message.message}</p>}
        {message.replies.length > 0 && (
          <ol className="mt-4 max-w-[70ch] space-y-3 border-l-2 border-brand-200 pl-4" aria-label={`Replies to ${who}`}>
            {message.replies.map((reply) => (
              <li key={reply.id}>
                <p className="text-sm text-ink-600">
                  Reply by {reply.by} · <LocalDate iso={reply.at} withTime /> · {DELIVERY[reply.delivery]}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-ink-800">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
        {!spam && message.email && <ReplyForm message={message} answer={answer} />}
        <footer className="mt-4 flex flex-wrap items-center gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={message.id} />
            <Button type="submit" name="intent" value={spam ? "not-spam" : handled ? "reopen" : "handled"} variant="secondary" size="sm" data-shortcut="status">
              {spam ? "Not spam: move to the inbox" : handled ? "Reopen" : "Mark handled"}
            </Button>
          </Form>
          {!spam && (
            <Form method="post">
              <input type="hidden" name="id" value={message.id} />
              <Button type="submit" name="intent" value="spam" variant="ghost" size="sm">
                Spam
              </Button>
            </Form>
          )}
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

/** What the inbox's keys do (useInboxShortcuts), also shown on the page. */
const SHORTCUTS: readonly [string, string][] = [
  ["j / k", "next / previous message"],
  ["x", "select the message"],
  ["e", "mark handled (or reopen)"],
  ["r", "reply"],
  ["/", "search"],
  ["?", "show or hide these keys"],
];

/** Shown once the shortcuts work (they are the page's script), in a place kept for it meanwhile. */
function ShortcutsHelp() {
  return (
    <OnceHydrated meanwhile={null}>
      <ShortcutsList />
    </OnceHydrated>
  );
}

function ShortcutsList() {
  return (
    <details id="inbox-shortcuts" className="mt-3 text-sm text-ink-700">
      <summary className="cursor-pointer font-medium text-brand-700">Keyboard shortcuts</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-ink-300 bg-white px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The inbox by keyboard (issue 21). Keys act only when no field has focus and no
 * modifier is held, so typing a search or a reply is never taken over.
 */
function useInboxShortcuts() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      const cards = [...document.querySelectorAll<HTMLElement>("article[data-message]")];
      const current = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>("article[data-message]") ?? null;
      const at = current ? cards.indexOf(current) : -1;
      const focusCard = (index: number) => cards[Math.max(0, Math.min(cards.length - 1, index))]?.focus();
      switch (event.key) {
        case "j":
          focusCard(at + 1);
          break;
        case "k":
          focusCard(at < 0 ? 0 : at - 1);
          break;
        case "x": {
          const box = current?.querySelector<HTMLInputElement>('input[type="checkbox"]');
          if (!box) return;
          box.checked = !box.checked;
          break;
        }
        case "e":
          if (!current) return;
          current.querySelector<HTMLElement>('[data-shortcut="status"]')?.click();
          break;
        case "r": {
          const reply = current?.querySelector<HTMLDetailsElement>("details[data-reply]");
          if (!reply) return;
          reply.open = true;
          reply.querySelector("textarea")?.focus();
          break;
        }
        case "/":
          document.getElementById("inbox-q")?.focus();
          break;
        case "?": {
          const help = document.getElementById("inbox-shortcuts") as HTMLDetailsElement | null;
          if (help) help.open = !help.open;
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

export function InboxView({ data, notice, error, answer }: { data: InboxData; notice?: string; error?: string; answer?: ReplyAnswer }) {
  const { query, messages, forms } = data;
  useInboxShortcuts();
  const navigation = useNavigation();
  const formName = (key: string) => forms.find((f) => f.key === key)?.name ?? key;
  const totalOpen = forms.reduce((sum, f) => sum + f.open, 0);
  return (
    <>
      <AdminHeading
        title="Inbox"
        intro={`Feedback and contact messages, newest first. ${totalOpen.toLocaleString("en-US")} open.`}
        actions={
          <ButtonLink to={`/admin/messages/export${data.exportSearch}`} variant="secondary" size="sm">
            Export CSV
          </ButtonLink>
        }
      />
      <Form
        method="get"
        className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
        role="search"
        aria-label="Filter messages"
      >
        <div>
          <label htmlFor="inbox-form" className="block text-sm font-medium text-ink-800">
            Form
          </label>
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
          <label htmlFor="inbox-status" className="block text-sm font-medium text-ink-800">
            Status
          </label>
          <select id="inbox-status" name="status" defaultValue={query.status} className={cn(selectClasses, "mt-1.5")}>
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All but spam</option>
            <option value="spam">Spam ({data.spam.toLocaleString("en-US")})</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-q" className="block text-sm font-medium text-ink-800">
            Search
          </label>
          <input
            id="inbox-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Name, email or words in the message"
            className={cn(inputClasses, "mt-1.5")}
          />
        </div>
        <Button type="submit" variant="primary" className="h-[42px]">
          Filter
        </Button>
      </Form>

      <div className="mt-6 space-y-4" aria-live="polite">
        {notice && <Banner tone="success">{notice}</Banner>}
        {/* A reply's own error is shown in its field. */}
        {error && !answer?.replyTo && <Banner tone="error">{error}</Banner>}
      </div>

      {messages.length > 0 && (
        <Form
          id={BULK_FORM}
          method="post"
          // The selection is sent; the next view starts with none (the boxes are plain, unmanaged inputs).
          onSubmit={() => setTimeout(() => document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"]`).forEach((box) => (box.checked = false)))}
          className="mt-6 flex flex-wrap items-center gap-2 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-ink-200"
          aria-label="Selected messages"
        >
          <span className="mr-2 text-sm font-medium text-ink-700">Select messages with their boxes (or x), then:</span>
          {query.status === "spam" ? (
            <Button type="submit" name="intent" value="bulk-not-spam" variant="secondary" size="sm">
              Not spam
            </Button>
          ) : (
            <>
              <Button type="submit" name="intent" value="bulk-handled" variant="secondary" size="sm">
                Handle selected
              </Button>
              <Button type="submit" name="intent" value="bulk-reopen" variant="secondary" size="sm">
                Open selected again
              </Button>
            </>
          )}
          <DeleteSelected />
          {data.nextPage && (
            <label className="flex items-center gap-2 text-sm text-ink-700 sm:ml-auto">
              <input type="checkbox" name="scope" value="view" className="size-4 rounded border-ink-300 accent-brand-600" />
              All messages of this view, not only this page (up to 1,000)
            </label>
          )}
        </Form>
      )}
      <ShortcutsHelp />

      {messages.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200">
          {query.status === "spam"
            ? "No spam. Messages the honeypot or a limit catches wait here."
            : query.q || query.form || query.status !== "open"
              ? "No messages match this filter."
              : "No open messages. Everything has been handled."}
        </p>
      ) : (
        <ol className={cn("mt-6 space-y-4", navigation.state === "loading" && "opacity-70")} aria-label="Messages">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} formName={formName(message.form)} answer={answer} />
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="mt-8 flex flex-wrap justify-between gap-3">
        {data.paged ? (
          <Link to={`/admin/messages${data.exportSearch}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            ← Newest messages
          </Link>
        ) : (
          <span />
        )}
        {data.nextPage && (
          <Link to={`/admin/messages${data.nextPage}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Older messages →
          </Link>
        )}
      </nav>
    </>
  );
}

/**
 * "Delete selected" asks first, in a dialog opened by an invoker command, so
 * the question comes before the scripts and without them too (the boot
 * script stands in where the browser has no invoker commands; once hydrated,
 * the click handlers open and close it, as the side menu's do). Only the
 * dialog's own button deletes.
 */
function DeleteSelected() {
  const dialog = () => document.getElementById(CONFIRM_DELETE) as HTMLDialogElement | null;
  return (
    <>
      <Button
        type="button"
        variant="danger"
        size="sm"
        {...OPEN_CONFIRM}
        onClick={(event) => {
          event.preventDefault();
          const open = dialog();
          if (open && !open.open) open.showModal();
        }}
      >
        Delete selected
      </Button>
      <dialog
        id={CONFIRM_DELETE}
        aria-labelledby={`${CONFIRM_DELETE}-title`}
        closedby="any"
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink-950 shadow-lift backdrop:bg-black/50"
      >
        <h2 id={`${CONFIRM_DELETE}-title`} className="text-lg font-bold">
          Delete the selected messages for good?
        </h2>
        <p className="mt-2 text-sm text-ink-600">They cannot be brought back.</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            {...CLOSE_CONFIRM}
            onClick={(event) => {
              event.preventDefault();
              dialog()?.close();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" name="intent" value="bulk-delete" variant="danger" size="sm" onClick={() => dialog()?.close()}>
            Delete for good
          </Button>
        </div>
      </dialog>
    </>
  );
}
