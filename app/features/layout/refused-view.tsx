import { errors } from "~/shared/i18n/catalog/errors";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { ButtonLink } from "~/shared/ui/button";
import { ErrorReference } from "./error-reference";

/**
 * A 403 page: a post from another site (request-context.server.ts), or
 * someone else's record. Not a fault to try again after, so it says nothing
 * changed and offers our own page instead of "try again in a moment".
 */
export function RefusedView() {
  const t = useMessages("errors", errors);
  const localize = useLocalize();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">{t.refused}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-600">{t.refusedText}</p>
      <ButtonLink to={localize("/")} className="mt-8">
        {t.goHome}
      </ButtonLink>
      <ErrorReference />
    </div>
  );
}
