import type { ReactNode } from "react";
import { Link } from "react-router";
import { site } from "~/config/site";
import { forms } from "~/shared/i18n/catalog/forms";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { Icon } from "~/shared/ui/icon";
import { Card, Container } from "~/shared/ui/layout";
import { aroundLink } from "./form-copy";
import type { FormKind } from "./form-schema";
import { MessageForm, type MessageFormProps } from "./message-form";

/** The body of /feedback and /contact under their PageHeader: the form card, and a side card beside it on large screens. */
export function FormPageBody(props: MessageFormProps) {
  const headingId = `${props.kind}-form-heading`;
  const t = useMessages("forms", forms);
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-12 sm:py-16">
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby={headingId}>
            <Card className="sm:p-8">
              <h2 id={headingId} className="text-xl font-bold text-ink-950">
                {t[props.kind].heading}
              </h2>
              <p className="mt-1 text-sm text-ink-600">{t.allRequired}</p>
              <div className="mt-6">
                <MessageForm {...props} />
              </div>
            </Card>
          </section>
          {/* Not an <aside>: a complementary landmark must not sit inside <main>. */}
          <div className="space-y-6">
            <SideCards kind={props.kind} />
          </div>
        </div>
      </Container>
    </div>
  );
}

function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <h2 className="text-base font-semibold text-ink-950">{title}</h2>
      </div>
      <div className="mt-4 text-sm leading-relaxed text-ink-700">{children}</div>
    </Card>
  );
}

function Point({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-brand-600" aria-hidden="true">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}

function SideCards({ kind }: { kind: FormKind }) {
  const t = useMessages("forms", forms).side;
  const localize = useLocalize();
  if (kind === "contact") {
    return (
      <>
        <SideCard icon={<Icon name="mail" className="size-5" />} title={t.emailTitle}>
          <p>{t.emailText}</p>
          <a
            href={`mailto:${site.contactEmail}`}
            className="mt-1 inline-block text-base font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {site.contactEmail}
          </a>
        </SideCard>
        <SideCard icon={<Icon name="clock" className="size-5" />} title={t.expectTitle}>
          <ul className="space-y-3">
            <Point icon={<Icon name="message-circle" className="size-4" />}>{t.expectReply}</Point>
            <Point icon={<Icon name="shield-check" className="size-4" />}>{t.expectAccount}</Point>
            <Point icon={<Icon name="users" className="size-4" />}>{t.expectPartners}</Point>
          </ul>
        </SideCard>
      </>
    );
  }
  const [talkBefore, talkAfter] = aroundLink(t.talkText);
  return (
    <>
      <SideCard icon={<Icon name="lightbulb" className="size-5" />} title={t.feedbackTitle}>
        <ul className="space-y-3">
          <Point icon={<Icon name="message-circle" className="size-4" />}>{t.feedbackRead}</Point>
          <Point icon={<Icon name="shield-check" className="size-4" />}>{t.feedbackBugs}</Point>
          <Point icon={<Icon name="mail" className="size-4" />}>{t.feedbackReply}</Point>
        </ul>
      </SideCard>
      <SideCard icon={<Icon name="users" className="size-5" />} title={t.talkTitle}>
        <p>
          {talkBefore}
          <Link to={localize("/community")} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t.talkLink}
          </Link>
          {talkAfter}
        </p>
      </SideCard>
    </>
  );
}
