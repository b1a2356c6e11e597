import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { checkFormDefinition, DEFAULT_RULES, type FormDefinitionField, rulesText } from "~/features/forms";
import { cn } from "~/shared/lib/cn";
import { Banner } from "~/shared/ui/banner";
import { Button } from "~/shared/ui/button";
import type { FormDefinition } from "~/features/forms/index.server";
import { FieldShell, inputClasses, KeptTextarea } from "~/shared/ui/field";
import { ColumnHeadings } from "~/shared/ui/column-headings";
import { ScrollTable } from "~/shared/ui/scroll-table";
import { LocalDate } from "~/shared/ui/local-date";
import { useFieldErrors } from "~/shared/ui/use-field-errors";
import { AdminHeading } from "./admin-shell";
import { PostButton } from "./post-button";
import type { FormsActionResult } from "./forms-admin.server";

/** aria-invalid and aria-describedby for a field: its error slot when it has one, else its hint. */
function described(id: string, error: string | undefined, hint: boolean) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined };
}

/**
 * One form's editor (or the new form's): the same fields, posted to the page's
 * action. One error system (issue 22): no browser bubbles; the shared check
 * puts each problem in its field's slot before a post, the action after one.
 */
function FormEditor({ form, mode, answer }: { form?: FormDefinition; mode: "create" | "update"; answer?: FormsActionResult }) {
  const prefix = mode === "create" ? "new" : `f-${form!.key}`;
  // A create that failed answers with key ""; a create that worked shows its news in the new form's own editor.
  const mine = answer && answer.about !== "webhook" && answer.key === (mode === "create" ? "" : form!.key) ? answer : undefined;
  const {
    errors,
    formProps,
    summary,
    form: element,
  } = useFieldErrors<FormDefinitionField>({
    validate: (data) => checkFormDefinition(data, mode),
    answer: mine,
    answerErrors: mine && !mine.ok ? mine.fieldErrors : undefined,
  });
  const id = (field: string) => `${prefix}-${field}`;
  // The new form exists now: empty the "New form" editor for the next one. Not for the answer the page
  // arrived with (a post without the scripts): its editor came empty, and what was typed since stays.
  const arrivedWith = useRef(answer);
  useEffect(() => {
    if (mode === "create" && answer?.ok && answer.created && answer !== arrivedWith.current) element?.reset();
  }, [mode, answer, element]);
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...formProps}>
      {summary}
      <input type="hidden" name="intent" value={mode} />
      {mode === "update" && <input type="hidden" name="key" value={form!.key} />}
      {mode === "create" && (
        <FieldShell id={id("key")} label="Key" error={errors.key} hint="Part of the address: /f/your-key. Lower case letters, digits and hyphens.">
          <input
            id={id("key")}
            name="key"
            required
            maxLength={40}
            autoCapitalize="none"
            spellCheck={false}
            {...described(id("key"), errors.key, true)}
            className={inputClasses}
          />
        </FieldShell>
      )}
      <FieldShell id={id("name")} label="Name" error={errors.name}>
        <input
          id={id("name")}
          name="name"
          required
          maxLength={80}
          defaultValue={form?.name}
          {...described(id("name"), errors.name, false)}
          className={inputClasses}
        />
      </FieldShell>
      <FieldShell id={id("notify")} label="Notification address" error={errors.notifyEmail} hint="Empty: the company's contact address.">
        <input
          id={id("notify")}
          name="notifyEmail"
          type="email"
          maxLength={254}
          defaultValue={form?.notifyEmail}
          {...described(id("notify"), errors.notifyEmail, true)}
          className={inputClasses}
        />
      </FieldShell>
      <div className="sm:col-span-2">
        <FieldShell
          id={id("origins")}
          label="Other sites allowed to post"
          error={errors.allowedOrigins}
          hint="One origin per line, like https://www.example.com. Our own site may always post."
        >
          <KeptTextarea
            id={id("origins")}
            name="allowedOrigins"
            rows={2}
            defaultValue={form?.allowedOrigins.join("\n")}
            {...described(id("origins"), errors.allowedOrigins, true)}
            className={inputClasses}
          />
        </FieldShell>
      </div>
      {!form?.builtIn && (
        <div className="sm:col-span-2">
          <FieldShell
            id={id("rules")}
            label="Fields"
            error={errors.fieldRules}
            hint="The form takes any fields. Name those you check, one per line: name, then text, email or number, then required if it must be filled (like: phone number required)."
          >
            <KeptTextarea
              id={id("rules")}
              name="fieldRules"
              rows={3}
              spellCheck={false}
              defaultValue={rulesText(form ? form.rules : DEFAULT_RULES)}
              {...described(id("rules"), errors.fieldRules, true)}
              className={cn(inputClasses, "font-mono text-sm")}
            />
          </FieldShell>
        </div>
      )}
      <div className="sm:col-span-2">
        <FieldShell
          id={id("webhook")}
          label="Webhook"
          error={errors.webhookUrl}
          hint="Each kept message is POSTed there as JSON, signed (X-Tuesday-Signature), retried for a day. A public address: a private or loopback one is refused unless the site itself runs on one (APP_URL). Empty: none."
        >
          <input
            id={id("webhook")}
            name="webhookUrl"
            type="url"
            maxLength={500}
            defaultValue={form?.webhookUrl}
            placeholder="https://example.com/hooks/tuesday"
            {...described(id("webhook"), errors.webhookUrl, true)}
            className={inputClasses}
          />
        </FieldShell>
      </div>
      {/* The built-in forms' pages keep their own thanks; an autoresponder is for the form service's forms. */}
      {!form?.builtIn && (
        <>
          <FieldShell id={id("ar-subject")} label="Autoresponder subject" error={errors.autoreplySubject} hint="Empty: no mail to the sender.">
            <input
              id={id("ar-subject")}
              name="autoreplySubject"
              maxLength={150}
              defaultValue={form?.autoreply?.subject}
              {...described(id("ar-subject"), errors.autoreplySubject, true)}
              className={inputClasses}
            />
          </FieldShell>
          <FieldShell
            id={id("ar-body")}
            label="Autoresponder text"
            error={errors.autoreplyBody}
            hint="Sent to each sender with an address (never to spam; at most 3 a day per address)."
          >
            <KeptTextarea
              id={id("ar-body")}
              name="autoreplyBody"
              rows={2}
              maxLength={4000}
              defaultValue={form?.autoreply?.body}
              {...described(id("ar-body"), errors.autoreplyBody, true)}
              className={inputClasses}
            />
          </FieldShell>
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        <label className="inline-flex items-center gap-2 text-sm text-ink-800">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={form ? form.enabled : true}
            disabled={form?.builtIn}
            className="size-4 rounded border-ink-300 accent-brand-600"
          />
          {form?.builtIn ? "Accepting messages (its page posts here)" : "Accepting messages"}
          {form?.builtIn && <input type="hidden" name="enabled" value="on" />}
        </label>
        <Button type="submit" size="sm">
          {mode === "create" ? "Create form" : "Save"}
        </Button>
      </div>
      {mine && (mine.ok || mine.errors.length > 0) && (
        <div className="sm:col-span-2" aria-live="polite">
          {mine.ok ? <Banner tone="success">{mine.message}</Banner> : <Banner tone="error">{mine.errors.join(" ")}</Banner>}
        </div>
      )}
    </Form>
  );
}

export interface DeliveryView {
  id: string;
  messageId: string;
  at: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

const DELIVERY_BADGE = {
  pending: { label: "retrying", className: "bg-amber-50 text-amber-900 ring-amber-300" },
  delivered: { label: "delivered", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "failed", className: "bg-red-50 text-red-800 ring-red-200" },
} as const;

/** A form's webhook: its signing secret (with a way to replace it) and its last deliveries, each with Redeliver. */
function WebhookPanel({ form, deliveries, answer }: { form: FormDefinition; deliveries: DeliveryView[]; answer?: FormsActionResult }) {
  const mine = answer?.about === "webhook" && answer.key === form.key ? answer : undefined;
  return (
    // Named with its form ("Webhook deliveries Demo requests"): several forms may have one on the page.
    <section aria-labelledby={`hook-${form.key} form-${form.key}`} className="mt-5 border-t border-ink-200 pt-4">
      <h3 id={`hook-${form.key}`} className="text-sm font-semibold text-ink-900">
        Webhook deliveries
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-700">
        Signing secret: <code className="rounded bg-ink-100 px-1.5 py-0.5 break-all text-ink-900">{form.webhookSecret}</code>
        <PostButton intent="rotate-secret" fields={{ key: form.key }} variant="ghost">
          New secret
        </PostButton>
      </div>
      {mine && <div className="mt-2">{mine.ok ? <Banner tone="success">{mine.message}</Banner> : <Banner tone="error">{mine.errors.join(" ")}</Banner>}</div>}
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-600">None yet: the next message is the first.</p>
      ) : (
        <ScrollTable label={`Webhook deliveries of ${form.name}`} className="mt-3" tableClassName="min-w-[36rem] text-left">
          <thead className="text-ink-700">
            <ColumnHeadings columns={["Written", "State", "Last answer", { hidden: "Action" }]} cellClassName="py-2 pr-3 font-semibold" />
          </thead>
          <tbody className="divide-y divide-ink-100">
            {deliveries.map((d) => (
              <tr key={d.id} data-delivery={d.id}>
                <td className="py-2 pr-3 whitespace-nowrap text-ink-700">
                  <LocalDate iso={d.at} withTime />
                </td>
                <td className="py-2 pr-3">
                  <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", DELIVERY_BADGE[d.status].className)}>
                    {DELIVERY_BADGE[d.status].label}
                  </span>{" "}
                  <span className="text-ink-600">{d.attempts === 1 ? "1 attempt" : `${d.attempts} attempts`}</span>
                </td>
                <td className="py-2 pr-3 text-ink-700">{d.lastError ?? (d.lastStatus ? `HTTP ${d.lastStatus}` : "–")}</td>
                <td className="py-2 text-right">
                  <PostButton intent="redeliver" fields={{ key: form.key, delivery: d.id }}>
                    Redeliver
                  </PostButton>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

export function FormsView({
  forms,
  deliveries,
  answer,
  origin,
}: {
  forms: FormDefinition[];
  deliveries: Record<string, DeliveryView[]>;
  answer?: FormsActionResult;
  origin: string;
}) {
  return (
    <>
      <AdminHeading
        title="Forms"
        intro={
          <>
            Every form posts to <code className="rounded bg-ink-100 px-1 py-0.5 text-sm">{origin}/f/KEY</code> and speaks Formspree&rsquo;s protocol, so sites
            built with <code className="rounded bg-ink-100 px-1 py-0.5 text-sm">@formspree/react</code> work unchanged.
          </>
        }
      />
      <ul className="mt-6 space-y-4">
        {forms.map((form) => (
          <li key={form.key} className={cn("rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6")}>
            <section aria-labelledby={`form-${form.key}`}>
              <h2 id={`form-${form.key}`} className="flex flex-wrap items-center gap-2 font-semibold text-ink-950">
                {form.name}
                <code className="rounded bg-ink-100 px-1.5 py-0.5 text-sm font-normal text-ink-700">/f/{form.key}</code>
                {form.builtIn && <span className="text-sm font-normal text-ink-600">built in</span>}
                {!form.enabled && (
                  <span className="rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700 ring-1 ring-inset ring-ink-300">Switched off</span>
                )}
              </h2>
              <div className="mt-4">
                <FormEditor form={form} mode="update" answer={answer} />
              </div>
              {form.webhookUrl && <WebhookPanel form={form} deliveries={deliveries[form.key] ?? []} answer={answer} />}
            </section>
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-form" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-6">
        <h2 id="new-form" className="font-semibold text-ink-950">
          New form
        </h2>
        <div className="mt-4">
          <FormEditor mode="create" answer={answer} />
        </div>
      </section>
    </>
  );
}
