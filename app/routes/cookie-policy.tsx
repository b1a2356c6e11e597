import * as legalEn from "~/features/legal/content";
import * as legalHi from "~/features/legal/content.hi";
import { GoverningNote } from "~/features/legal/governing-note";
import { legal } from "~/shared/i18n/catalog/legal";
import { localeOfRequest } from "~/shared/i18n/locale";
import { useMessages } from "~/shared/i18n/messages";
import { LegalSections } from "~/features/legal/legal-sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/cookie-policy";
import { site } from "~/config/site";
import { pageMessages } from "~/shared/i18n/messages.server";
import { ColumnHeadings } from "~/shared/ui/column-headings";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.policy.intro.title ?? "Cookie Policy",
    path: "/cookie-policy",
    description: loaderData?.description ?? site.description,
  });

export function loader({ request }: Route.LoaderArgs) {
  const hindi = localeOfRequest(request) === "hi";
  return {
    i18n: pageMessages(localeOfRequest(request), "legal"),
    policy: (hindi ? legalHi : legalEn).cookiePolicy,
    description: hindi
      ? `${site.productName} कौन-सी कुकीज़ और ब्राउज़र स्टोरेज इस्तेमाल करता है, क्यों, और आप उन्हें कैसे नियंत्रित कर सकते हैं। न ट्रैकिंग, न विज्ञापन।`
      : `The cookies and browser storage ${site.productName} uses, why, and how to control them. No tracking, no advertising.`,
  };
}

interface StorageTableProps {
  id: string;
  title: string;
  /** The first column is the key (a cookie or storage name). */
  columns: [string, string, string];
  rows: { key: string; cells: [string, string] }[];
}

/** A table on wide screens; on phones the same entries as stacked cards (no sideways scrolling). */
function StorageTable({ id, title, columns, rows }: StorageTableProps) {
  return (
    <section aria-labelledby={id} className="mt-14">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-5 space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.key} className="rounded-2xl bg-white p-4 ring-1 ring-ink-200">
            <p className="font-mono text-[13px] font-semibold break-all text-ink-950" translate="no">
              {row.key}
            </p>
            <dl className="mt-2 space-y-1 text-sm">
              {row.cells.map((cell, i) => (
                <div key={columns[i + 1]}>
                  <dt className="inline font-semibold text-ink-700">{columns[i + 1]}: </dt>
                  <dd className="inline text-ink-700">{cell}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-5 hidden overflow-hidden rounded-2xl ring-1 ring-ink-200 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-ink-50 text-ink-700">
            <ColumnHeadings columns={columns} />
          </thead>
          <tbody className="divide-y divide-ink-200">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" translate="no" className="px-4 py-3 align-top font-mono text-[13px] font-medium whitespace-nowrap text-ink-950">
                  {row.key}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={columns[i + 1]} className="px-4 py-3 align-top text-ink-700">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  const { intro, sections, cookies, storage } = loaderData.policy;
  const t = useMessages("legal", legal);
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <Container className="max-w-[40rem] py-16 sm:py-20">
        <GoverningNote />
        <LegalSections sections={sections} />

        <StorageTable
          id="cookie-table"
          title={t.cookiesTable}
          columns={[t.name, t.purpose, t.lifetime]}
          rows={cookies.map((c) => ({ key: c.name, cells: [c.purpose, c.duration] }))}
        />
        <StorageTable
          id="storage-table"
          title={t.storageTable}
          columns={[t.key, t.where, t.purpose]}
          rows={storage.map((s) => ({ key: s.key, cells: [t[s.kind], s.purpose] }))}
        />
      </Container>
    </>
  );
}
