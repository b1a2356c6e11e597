import { site } from "~/config/site";
import { ButtonLink } from "~/shared/ui/button";
import { Container } from "~/shared/ui/layout";
import type { Route } from "./+types/f.thanks";

/** Where `/f/:form`'s success answer (`next`) points: a plain thank-you. */
export const meta: Route.MetaFunction = () => [{ title: `Thank you | ${site.productName}` }, { name: "robots", content: "noindex" }];

export default function FormThanks() {
  return (
    <Container className="flex max-w-xl flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold text-balance">Thank you. Your message was sent.</h1>
      <p className="mt-4 text-ink-600">We read every message and reply by email when an answer is needed.</p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </Container>
  );
}
