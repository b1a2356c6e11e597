import { Fragment } from "react";
import { site } from "~/config/site";

const LINK_CLASS = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * Running text in which the contact address, wherever it appears, is a
 * `mailto:` link (content modules keep plain strings; the pages make them
 * actionable).
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(site.contactEmail);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => (
        // The parts are positional and never reorder: the index is their identity.
        <Fragment key={index}>
          {index > 0 && (
            <a href={`mailto:${site.contactEmail}`} className={LINK_CLASS}>
              {site.contactEmail}
            </a>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
