import { Fragment, type ReactNode } from "react";

/**
 * A catalog template whose `{name}` placeholders are filled with nodes (a
 * date, a link, a name not to be translated): the words around them, and
 * their order, are the template's, so each language places them itself
 * ("Member since {date}", "{date} से सदस्य"). Text-only templates use `fill`.
 */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/g)
    .map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{part in values ? values[part] : `{${part}}`}</Fragment>))
    .filter((part) => part !== "");
}
