import { useLocation } from "react-router";
import { ButtonLink } from "~/shared/ui/button";
import { errors } from "~/shared/i18n/catalog/errors";
import { useMessages } from "~/shared/i18n/messages";
import { ErrorReference } from "./error-reference";

/**
 * The 503 page (docs/decisions/0021-dependency-failures.md): a dependency of
 * the site (the database) did not answer. The truth, in the site's design:
 * nothing was lost, and trying again shortly is the fix. The header shows no
 * account controls meanwhile: whether the visitor is signed in is exactly what
 * could not be told.
 */
export function UnavailableView() {
  const { pathname, search } = useLocation();
  const t = useMessages("errors", errors);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">{t.unavailableTitle}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-600">{t.unavailableText}</p>
      {/* The same page again; a path of "//host…" (a request for "//evil.example") would be another site's. */}
      <ButtonLink to={`${pathname.replace(/^\/{2,}/, "/")}${search}`} className="mt-8">
        {t.tryAgain}
      </ButtonLink>
      <ErrorReference />
    </div>
  );
}
