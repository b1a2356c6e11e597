/** The console's small pieces for numbers: a figure, and a count per day. */

export function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-ink-950">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** A count per day as bars (server-rendered SVG), with the numbers as a table for everyone who cannot see it. */
export function DayChart({ days, label }: { days: Array<{ day: string; count: number }>; label: string }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const width = 720;
  const height = 160;
  const step = width / days.length;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${label} per day: ${total} in ${days.length} days, at most ${max} on one day.`}
      >
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-ink-300" strokeWidth="1" />
        {days.map((d, i) => {
          const h = (d.count / max) * (height - 8);
          return (
            <rect key={d.day} x={i * step + step * 0.15} y={height - h} width={step * 0.7} height={h} rx="2" className="fill-brand-500">
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} className="fill-ink-600 text-[11px]">
          {days[0]?.day}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-ink-600 text-[11px]">
          {days.at(-1)?.day}
        </text>
      </svg>
      <details className="mt-2 text-sm text-ink-700">
        <summary className="cursor-pointer font-medium text-brand-700">Show the numbers</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-6 font-semibold">
                Day (UTC)
              </th>
              <th scope="col" className="font-semibold">
                {label}
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.count > 0)
              .map((d) => (
                <tr key={d.day}>
                  <td className="pr-6 tabular-nums">{d.day}</td>
                  <td className="tabular-nums">{d.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
