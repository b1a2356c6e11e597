import { cookiePolicy } from "~/features/legal/content";
import { LegalSections } from "~/features/legal/legal-sections";
import { pageMeta } from "~/shared/lib/seo";
import { Container, PageHeader } from "~/shared/ui/layout";
import type { Route } from "./+types/cookie-policy";
import { site } from "~/config/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cookie Policy",
    path: "/cookie-policy",
    description: `The cookies and browser storage ${site.productName} uses, why, and how to control them. No tracking, no advertising.`,
  });

export function loader() {
  return { policy: cookiePolicy };
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
            <p className="font-mono text-[13px] font-semibold break-all text-ink-950">{row.key}</p>
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
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-200">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-4 py-3 align-top font-mono text-[13px] font-medium whitespace-nowrap text-ink-950">
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
  return (
    <>
      <PageHeader eyebrow={intro.eyebrow} title={intro.title} intro={intro.intro} />
      <Container className="max-w-[40rem] py-16 sm:py-20">
        <LegalSections sections={sections} />

        <StorageTable
          id="cookie-table"
          title="Cookies this site sets"
          columns={["Name", "Purpose", "Lifetime"]}
          rows={cookies.map((c) => ({ key: c.name, cells: [c.purpose, c.duration] }))}
        />
        <StorageTable
          id="storage-table"
          title="Browser storage"
          columns={["Key", "Where", "Purpose"]}
          rows={storage.map((s) => ({ key: s.key, cells: [s.kind, s.purpose] }))}
        />
      </Container>
    </>
  );
}
