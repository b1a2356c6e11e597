import { errors } from "~/shared/i18n/catalog/errors";
import { useMessages } from "~/shared/i18n/messages";
import { useLocalize } from "~/shared/i18n/use-locale";
import { ButtonLink } from "~/shared/ui/button";

/** The spec's not-found texts, exactly. */
export const NOT_FOUND_TITLE = errors.notFoundTitle;
export const NOT_FOUND_TEXT = errors.notFoundText;

export function NotFoundView() {
  const t = useMessages("errors", errors);
  const localize = useLocalize();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black tracking-tight text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{t.notFoundTitle}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-600">{t.notFoundText}</p>
      <ButtonLink to={localize("/")} className="mt-8">
        {t.goHome}
      </ButtonLink>
    </div>
  );
}
