import { ButtonLink } from "~/shared/ui/button";

/** The spec's not-found texts, exactly. */
export const NOT_FOUND_TITLE = "Oops! That page can't be found.";
export const NOT_FOUND_TEXT =
  "It looks like nothing was found at this location. Maybe try one of the links in the menu or press back to go to the previous page.";

export function NotFoundView() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black tracking-tight text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-600">{NOT_FOUND_TEXT}</p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </div>
  );
}
