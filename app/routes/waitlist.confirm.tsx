import { data, Form, Link, useLocation } from "react-router";
import { site } from "~/config/site";
import { interestLabel } from "~/features/waitlist";
import { confirmByToken, lookUpToken } from "~/features/waitlist/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/waitlist.confirm";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your place on the waitlist", path: "/waitlist/confirm", description: `Confirm your place on the ${site.productName} launch waitlist.` }),
  { name: "robots", content: "noindex" },
];

type State = "pending" | "confirmed" | "already" | "invalid" | "expired";

function answer(state: State, shown: { email: string; interest: string } | null) {
  const status = state === "invalid" ? 400 : state === "expired" ? 410 : 200;
  return data({ state, shown }, { status, headers: NO_STORE });
}

function shownOf(entry: { email: string; interest: string }) {
  return { email: entry.email, interest: interestLabel(entry.interest) };
}

/**
 * The double opt-in's link (issue 21). Opening it only shows the place and a
 * "Confirm my place" button: mail gateways open every link of a mail to scan
 * it, and a GET that confirmed would confirm addresses nobody vouched for
 * (ADR 0028). The button's POST confirms; it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { database } = await appContext(context).services();
  const state = await lookUpToken(database.db, token, new Date());
  return answer(state.kind, state.kind === "pending" || state.kind === "already" ? shownOf(state.entry) : null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  await readRequestBody(request, { accept: ["urlencoded", "multipart"], limit: 1024 });
  const { database } = await appContext(context).services();
  const result = await confirmByToken(database.db, token, new Date());
  return answer(result.kind, result.kind === "confirmed" || result.kind === "already" ? shownOf(result.entry) : null);
}

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // The link's own address (its token or signature) receives the press.
  const location = useLocation();
  const { state, shown } = actionData ?? loaderData;
  const what = shown && (shown.interest === "Anything" ? site.productName : `the ${shown.interest}`);
  const title = state === "pending" ? "Confirm your place" : state === "confirmed" || state === "already" ? "You are on the list" : "This link does not work";
  return (
    <>
      <PageHeader eyebrow="Launch list" title={title} />
      <section aria-label="Waitlist" className="py-16 sm:py-20">
        <Container className="max-w-2xl text-center">
          {state === "pending" && shown && (
            <Form method="post" action={`${location.pathname}${location.search}`} className="rounded-2xl bg-white p-6 text-left shadow-card ring-1 ring-ink-200/70 sm:p-8">
              <p className="text-ink-800">
                Confirm that <strong>{shown.email}</strong> may hear from us when {what} launches. We will write only then, and every mail has an unsubscribe link.
              </p>
              <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
                Confirm my place
              </Button>
            </Form>
          )}
          {(state === "confirmed" || state === "already") && shown && (
            <Banner tone="success" className="text-left">
              {state === "already" ? "Your place was confirmed already. " : "Thank you: your place is confirmed. "}
              We will write to <strong>{shown.email}</strong> when {what} launches, and only then.
            </Banner>
          )}
          {(state === "invalid" || state === "expired") && (
            <Banner tone="warning" className="text-left">
              {state === "expired"
                ? "This confirmation link has expired (they work for 7 days). Join again and we will send a fresh one."
                : "This confirmation link is not valid: it may have been copied only in part, or a newer mail replaced it. Join again and we will send a fresh one."}
            </Banner>
          )}
          {state !== "pending" && (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {state === "confirmed" || state === "already" ? <ButtonLink to="/coming-soon">See what is coming</ButtonLink> : <ButtonLink to="/waitlist">Join the waitlist</ButtonLink>}
              <ButtonLink to="/" variant="secondary">
                Home
              </ButtonLink>
            </div>
          )}
          {(state === "confirmed" || state === "already") && (
            <p className="mt-6 text-sm text-ink-600">
              Changed your mind? Every mail from us has an unsubscribe link.{" "}
              <Link to="/privacy" className="font-semibold text-brand-700 hover:underline">
                How we keep your address
              </Link>
            </p>
          )}
        </Container>
      </section>
    </>
  );
}
