import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatMonth, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import type { PricePoint } from "#core/contracts/bottlings.ts";

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 72, right: 16, top: 16, bottom: 32 };

/** Months since year 0: the x axis counts months, so an empty month leaves its gap. */
const monthNumber = (month: string) => {
  const [year, index] = month.split("-").map(Number);
  return year * 12 + index - 1;
};

/** Each month's bar from its lowest to its highest price, the line through the medians, and a point per month with its title. */
function MonthMarks({
  points: sorted,
  x,
  y,
}: {
  points: PricePoint[];
  x: (index: number) => number;
  y: (minor: number) => number;
}) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const line = sorted.map((p, i) => `${x(i).toFixed(1)},${y(p.medianMinor).toFixed(1)}`).join(" ");
  // Every month's range in one path (ADR 0101: one element instead of up to 120 lines).
  const bars = sorted
    .filter((p) => p.maxMinor > p.minMinor)
    .map((p) => {
      const i = sorted.indexOf(p);
      return `M${x(i).toFixed(1)},${y(p.minMinor).toFixed(1)}V${y(p.maxMinor).toFixed(1)}`;
    })
    .join("");
  return (
    <>
      {bars ? (
        <path d={bars} stroke="#9fb5b7" strokeWidth="2" fill="none" data-testid="price-chart-ranges" />
      ) : null}
      {sorted.length > 1 ? <polyline points={line} fill="none" stroke="#1f4f55" strokeWidth="2.5" /> : null}
      {sorted.map((p, i) => (
        <circle key={p.month} cx={x(i)} cy={y(p.medianMinor)} r="4" fill="#1f4f55">
          <title>
            {t("bottlings.page.chartPoint", {
              month: formatMonth(p.month, locale),
              median: price(p.medianMinor),
              count: p.count,
              min: price(p.minMinor),
              max: price(p.maxMinor),
            })}
          </title>
        </circle>
      ))}
    </>
  );
}

/**
 * A bottling's price history as an SVG chart, drawn on the server (no chart library): one point
 * per month with results (the server aggregates them, so a bottling with thousands of results
 * draws a few dozen points), at the month's median price, with a bar from the month's lowest to
 * its highest price; a line through the medians. The axis names the lowest and highest price and
 * the first and last month; each point's title and the text alternative say the same in words.
 */
export function PriceChart({ points, name }: { points: PricePoint[]; name: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const sorted = [...points].sort((a, b) => a.month.localeCompare(b.month));
  if (sorted.length === 0) return null;
  const months = sorted.map((p) => monthNumber(p.month));
  const [m0, m1] = [months[0], months[months.length - 1]];
  const p0 = Math.min(...sorted.map((p) => p.minMinor));
  const p1 = Math.max(...sorted.map((p) => p.maxMinor));
  const x = (month: number) =>
    m1 === m0
      ? (PAD.left + WIDTH - PAD.right) / 2
      : PAD.left + ((month - m0) / (m1 - m0)) * (WIDTH - PAD.left - PAD.right);
  const y = (minor: number) =>
    p1 === p0 ? HEIGHT / 2 : PAD.top + (1 - (minor - p0) / (p1 - p0)) * (HEIGHT - PAD.top - PAD.bottom);
  const [first, last] = [
    formatMonth(sorted[0].month, locale),
    formatMonth(sorted[sorted.length - 1].month, locale),
  ];
  const label = t("bottlings.page.chartLabel", {
    name,
    count: sorted.reduce((sum, p) => sum + p.count, 0),
    months: sorted.length,
    from: first,
    to: last,
    min: price(p0),
    max: price(p1),
  });
  return (
    <figure className="rounded-xl border border-line bg-white p-3" data-testid="price-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="price-chart-title"
        className="h-auto w-full"
      >
        <title id="price-chart-title">{label}</title>
        <line
          x1={PAD.left}
          y1={HEIGHT - PAD.bottom}
          x2={WIDTH - PAD.right}
          y2={HEIGHT - PAD.bottom}
          stroke="#ddd5c7"
        />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} stroke="#ddd5c7" />
        <text x={PAD.left - 6} y={y(p1) + 4} textAnchor="end" fontSize="12" fill="#5c6770">
          {price(p1)}
        </text>
        {p1 !== p0 ? (
          <text x={PAD.left - 6} y={y(p0) + 4} textAnchor="end" fontSize="12" fill="#5c6770">
            {price(p0)}
          </text>
        ) : null}
        <text x={PAD.left} y={HEIGHT - 10} fontSize="12" fill="#5c6770">
          {first}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 10} textAnchor="end" fontSize="12" fill="#5c6770">
          {last}
        </text>
        <MonthMarks points={sorted} x={(i) => x(months[i])} y={y} />
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
