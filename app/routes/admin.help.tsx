import { site } from "~/config/site";
import { UNANSWERED_LOG_DAYS } from "~/features/help";
import { helpSummary } from "~/features/help/index.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.help";

export const meta: Route.MetaFunction = () => [{ title: `Ask Tuesday | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

/** The help widget's counters for the last 14 days (issue 41): no question, unless the operator switched the log on. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const services = await appContext(context).services();
  return { summary: await helpSummary(services.database, 14), logOn: services.env.helpLogUnanswered };
}

const cell = "px-3 py-2 text-right tabular-nums";
const head = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink-600 uppercase";

export default function AdminHelp({ loaderData }: Route.ComponentProps) {
  const { summary, logOn } = loaderData;
  const total = summary.days.reduce((n, d) => ({ answered: n.answered + d.answered, none: n.none + d.none }), { answered: 0, none: 0 });
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold">Ask Tuesday</h1>
        <p className="mt-1 text-sm text-ink-600">
          The last 14 days: {total.answered} answered, {total.none} not answered. Questions are counted, not stored
          {logOn
            ? `; the unanswered ones are logged, redacted, for ${UNANSWERED_LOG_DAYS} days (HELP_LOG_UNANSWERED is on).`
            : " (HELP_LOG_UNANSWERED=1 keeps the unanswered ones, redacted, for 30 days)."}
        </p>
      </header>
      <section aria-labelledby="help-days">
        <h2 id="help-days" className="text-lg font-semibold">
          By day
        </h2>
        <table className="mt-2 w-full max-w-xl text-sm">
          <thead>
            <tr>
              <th className={head}>Day</th>
              <th className={head}>Answered</th>
              <th className={head}>Not answered</th>
              <th className={head}>👍</th>
              <th className={head}>👎</th>
            </tr>
          </thead>
          <tbody>
            {summary.days.map((d) => (
              <tr key={d.day} className="border-t border-ink-100">
                <td className="px-3 py-2">{d.day}</td>
                <td className={cell}>{d.answered}</td>
                <td className={cell}>{d.none}</td>
                <td className={cell}>{d.up}</td>
                <td className={cell}>{d.down}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.days.length === 0 && <p className="mt-2 text-sm text-ink-600">No questions yet.</p>}
      </section>
      <section aria-labelledby="help-topics">
        <h2 id="help-topics" className="text-lg font-semibold">
          By topic
        </h2>
        <table className="mt-2 w-full max-w-xl text-sm">
          <thead>
            <tr>
              <th className={head}>Topic</th>
              <th className={head}>Answered</th>
              <th className={head}>Not answered</th>
            </tr>
          </thead>
          <tbody>
            {summary.topics.map((t) => (
              <tr key={t.topic} className="border-t border-ink-100">
                <td className="px-3 py-2">{t.topic}</td>
                <td className={cell}>{t.answered}</td>
                <td className={cell}>{t.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="help-sources">
        <h2 id="help-sources" className="text-lg font-semibold">
          Thumbs by source
        </h2>
        <table className="mt-2 w-full max-w-xl text-sm">
          <thead>
            <tr>
              <th className={head}>Source page</th>
              <th className={head}>Helpful</th>
              <th className={head}>Not helpful</th>
            </tr>
          </thead>
          <tbody>
            {summary.sources.map((s) => (
              <tr key={s.source} className="border-t border-ink-100">
                <td className="px-3 py-2">
                  <a className="text-brand-700 underline" href={s.source}>
                    {s.source}
                  </a>
                </td>
                <td className={cell}>{s.up}</td>
                <td className={cell}>{s.down}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {logOn && (
        <section aria-labelledby="help-log">
          <h2 id="help-log" className="text-lg font-semibold">
            Unanswered questions (redacted)
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {summary.unanswered.map((u, i) => (
              <li key={i}>
                <span className="text-ink-600">
                  {u.day} · {u.lang} · {u.reason}
                </span>{" "}
                {u.question}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
