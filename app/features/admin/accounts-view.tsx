import { Form, Link } from "react-router";
import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Button, buttonClasses } from "~/shared/ui/button";
import { inputClasses } from "~/shared/ui/field";
import { Icon } from "~/shared/ui/icon";
import { LocalDate } from "~/shared/ui/local-date";
import { AdminHeading } from "./admin-shell";
import { DayChart, Stat } from "./day-chart";
import type { AccountDetail, AccountStats, AccountSummary, SignUpWindow } from "./accounts.server";

export function AccountsView({ stats, window, query, accounts }: { stats: AccountStats; window: SignUpWindow; query: string; accounts: AccountSummary[] }) {
  return (
    <>
      <AdminHeading title="Accounts" intro="Who has signed up, and how they sign in. Records are read-only here." />
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Accounts" value={stats.total} />
        <Stat label="Verified" value={stats.verified} />
        <Stat label="With a password" value={stats.byMethod.password} />
        <Stat label="With Google" value={stats.byMethod.google} />
        <Stat label="With GitHub" value={stats.byMethod.github} />
      </dl>
      <section aria-labelledby="signups" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="signups" className="font-semibold text-ink-950">
            Sign-ups per day
          </h2>
          <nav aria-label="Period" className="flex gap-1 text-sm">
            {([30, 90] as const).map((days) => (
              <Link
                key={days}
                to={`?days=${days}${query ? `&q=${encodeURIComponent(query)}` : ""}`}
                aria-current={window === days ? "page" : undefined}
                className={cn(
                  "rounded-lg px-3 py-1.5 font-medium",
                  window === days ? "scheme-light bg-brand-600 text-white" : "text-ink-700 ring-1 ring-inset ring-ink-200 hover:bg-ink-50",
                )}
              >
                {days} days
              </Link>
            ))}
          </nav>
        </div>
        <DayChart days={stats.signUps} label="Sign-ups" />
      </section>

      <section aria-labelledby="find" className="mt-8">
        <h2 id="find" className="font-semibold text-ink-950">
          Find an account
        </h2>
        <Form method="get" role="search" aria-label="Accounts" className="mt-3 flex max-w-xl gap-2">
          <input type="hidden" name="days" value={window} />
          <label htmlFor="account-q" className="sr-only">
            Email address contains
          </label>
          <input id="account-q" type="search" name="q" defaultValue={query} maxLength={254} placeholder="Email address contains…" className={inputClasses} />
          <Button type="submit">Search</Button>
        </Form>
        {accounts.length === 0 ? (
          <p className="mt-4 text-ink-600">No account matches.</p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-100 rounded-2xl bg-white shadow-sm ring-1 ring-ink-200" aria-label="Accounts found">
            {accounts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <Link to={`/admin/accounts/${encodeURIComponent(a.id)}`} className="min-w-0 font-medium wrap-anywhere text-brand-700 hover:underline">
                  {a.email}
                </Link>
                <span className="text-sm text-ink-600">
                  {a.verified ? "verified" : "not verified"}
                  {a.disabled && " · sign-in stopped"} · joined <LocalDate iso={a.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="break-words text-ink-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function AccountDetailView({ detail, answer }: { detail: AccountDetail; answer?: { ok: boolean; message: string } }) {
  const { record } = detail;
  return (
    <>
      <p>
        <Link to="/admin/accounts" className="text-sm font-medium text-brand-700 hover:underline">
          ← Accounts
        </Link>
      </p>
      <div className="mt-2">
        <AdminHeading title={record.email} intro={`${record.name} · ${detail.role === "operator" ? "operator" : "member"}`} />
      </div>
      {answer && (
        <div className="mt-4" aria-live="polite">
          <Banner tone={answer.ok ? "success" : "error"}>{answer.message}</Banner>
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="record" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
          <h2 id="record" className="font-semibold text-ink-950">
            User record
          </h2>
          <dl className="mt-2 divide-y divide-ink-100">
            <Row label="User ID">
              <code className="text-sm">{record.id}</code>
            </Row>
            <Row label="Email verified">{record.email_verified ? "Yes" : "No"}</Row>
            <Row label="Signs in with">{detail.methods.join(", ") || "—"}</Row>
            <Row label="Signed-in devices">{detail.activeSessions}</Row>
            <Row label="Sign-in">
              {detail.signInDisabledAt ? (
                <>
                  Stopped on <LocalDate iso={detail.signInDisabledAt} withTime />
                </>
              ) : (
                "Allowed"
              )}
            </Row>
            <Row label="Created">
              <LocalDate iso={record.created_at} withTime />
            </Row>
            <Row label="Last sign-in">
              <LocalDate iso={record.last_login} withTime fallback="Never" />
            </Row>
            <Row label="Sign-ins">{record.login_count}</Row>
            <Row label="Gender">{record.gender || "—"}</Row>
            <Row label="Date of birth">{record.dob || "—"}</Row>
            <Row label="About">{record.about ? <span className="whitespace-pre-wrap">{record.about}</span> : "—"}</Row>
            <Row label="Messages sent">{record.messages.length}</Row>
          </dl>
        </section>
        <section aria-labelledby="actions" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
          <h2 id="actions" className="font-semibold text-ink-950">
            Help this account
          </h2>
          <Form method="post" className="mt-4">
            <p className="text-sm text-ink-600">Emails a one-time link to set a new password (valid for one hour).</p>
            <Button type="submit" name="intent" value="send-password-reset" variant="secondary" size="sm" className="mt-2">
              Send password reset
            </Button>
          </Form>
          {!record.email_verified && (
            <Form method="post" className="mt-6 border-t border-ink-100 pt-6">
              <p className="text-sm text-ink-600">Not verified yet: emails a fresh verification link (the person&rsquo;s own resend limits do not apply).</p>
              <Button type="submit" name="intent" value="resend-verification" variant="secondary" size="sm" className="mt-2">
                Resend verification
              </Button>
            </Form>
          )}
          <div className="mt-6 border-t border-ink-100 pt-6">
            <p className="text-sm text-ink-600">Everything we hold about the person, as &ldquo;Download my data&rdquo; gives it to them (a data request).</p>
            <a href={`/admin/accounts/${encodeURIComponent(record.id)}/export`} download className={buttonClasses("secondary", "sm", "mt-2")}>
              <Icon name="download" className="size-4" />
              Export their data
            </a>
          </div>
          <Form method="post" className="mt-6 border-t border-ink-100 pt-6">
            {detail.signInDisabledAt ? (
              <>
                <p className="text-sm text-ink-600">This account cannot sign in.</p>
                <Button type="submit" name="intent" value="enable-sign-in" variant="secondary" size="sm" className="mt-2">
                  Allow sign-in
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-ink-600">Signs the account out everywhere and refuses its sign-ins until allowed again.</p>
                <Button type="submit" name="intent" value="disable-sign-in" variant="danger" size="sm" className="mt-2">
                  Stop sign-in
                </Button>
              </>
            )}
          </Form>
          <Form method="post" className="mt-6 border-t border-ink-100 pt-6">
            <input type="hidden" name="intent" value="delete-account" />
            <p className="text-sm text-ink-600">
              When the person asks: deletes the account, its sessions and sign-in methods for good, and mails them a notice.
            </p>
            <label htmlFor="delete-confirm" className="mt-3 block text-sm font-medium text-ink-800">
              Type the address to confirm
            </label>
            <input id="delete-confirm" name="confirm" autoComplete="off" spellCheck={false} placeholder={record.email} className={cn(inputClasses, "mt-1.5")} />
            <Button type="submit" variant="danger" size="sm" className="mt-2">
              Delete account
            </Button>
          </Form>
        </section>
      </div>
    </>
  );
}
