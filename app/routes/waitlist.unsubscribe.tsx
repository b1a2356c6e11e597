import { data, Form, useLocation } from "react-router";
import { env } from "~/config/env.server";
import { findById, removeEntry, unsubscribeTokenValid } from "~/features/waitlist/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import { pageMeta } from "~/shared/lib/seo";
import { Banner } from "~/shared/ui/banner";
import { Button, ButtonLink } from "~/shared/ui/button";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/waitlist.unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Leave the waitlist", path: "/waitlist/unsubscribe", description: "Leave the launch waitlist." }),
  { name: "robots", content: "noindex" },
];

type State = "listed" | "removed" | "gone" | "invalid";

/** The link's id and signature (an HMAC of the id: no row holds it). */
function linkOf(request: Request): { id: string; valid: boolean } {
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const valid = Boolean(id) && id.length <= 64 && Boolean(token) && token.length <= 64 && unsubscribeTokenValid(env().authSecret, id, token);
  return { id, valid };
}

function answer(state: State, email: string | null = null) {
  return data({ state, email }, { status: state === "invalid" ? 400 : 200, headers: NO_STORE });
}

/**
 * The unsubscribe link of every waitlist mail. Opening it shows the address and
 * a "Leave the waitlist" button; it does not remove anything by itself: mail
 * gateways open every link to scan it, and RFC 8058 asks that a GET never
 * unsubscribes (ADR 0028). The button's POST removes the address, as does the
 * mail app's one-click POST (`List-Unsubscribe=One-Click`) to the same address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(request);
  if (!link.valid) return answer("invalid");
  const { database } = await appContext(context).services();
  const entry = await findById(database.db, link.id);
  return entry ? answer("listed", entry.email) : answer("gone");
}

export async function action({ request, context }: Route.ActionArgs) {
  await readRequestBody(request, { accept: ["urlencoded", "multipart"], limit: 1024 });
  const link = linkOf(request);
  if (!link.valid) return answer("invalid");
  const { database } = await appContext(context).services();
  return answer((await removeEntry(database.db, link.id)) ? "removed" : "gone");
}

export default function WaitlistUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // The link's own address (its token or signature) receives the press.
  const location = useLocation();
  const { state, email } = actionData ?? loaderData;
  const title = state === "invalid" ? "This link does not work" : state === "listed" ? "Leave the waitlist?" : "You have left the waitlist";
  return (
    <>
      <PageHeader eyebrow="Launch list" title={title} />
      <section aria-label="Waitlist" className="py-16 sm:py-20">
        <Container className="max-w-2xl text-center">
          {state === "listed" ? (
            <Form method="post" action={`${location.pathname}${location.search}`} className="rounded-2xl bg-white p-6 text-left shadow-card ring-1 ring-ink-200/70 sm:p-8">
              <p className="text-ink-800">
                <strong>{email}</strong> is on the launch waitlist. Leave it, and we delete the address: you will not hear from us about the launch.
              </p>
              <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
                Leave the waitlist
              </Button>
            </Form>
          ) : (
            <Banner tone={state === "invalid" ? "warning" : "success"} className="text-left">
              {state === "removed" && "Your address is removed from the waitlist, and we have deleted it. You will not hear from us about the launch."}
              {state === "gone" && "This address is not on the waitlist (any more). You will not hear from us about the launch."}
              {state === "invalid" && "This unsubscribe link is not valid: it may have been copied only in part. Write to us and we will remove your address by hand."}
            </Banner>
          )}
          {state !== "listed" && (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {state === "invalid" ? <ButtonLink to="/contact">Contact us</ButtonLink> : <ButtonLink to="/waitlist" variant="secondary">Join again</ButtonLink>}
              <ButtonLink to="/" variant="secondary">
                Home
              </ButtonLink>
            </div>
          )}
        </Container>
      </section>
    </>
  );
}
