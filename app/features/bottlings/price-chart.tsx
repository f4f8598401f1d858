import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatMonth, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import type { PricePoint } from "#core/contracts/bottlings.ts";

const WIDTH = 640;
const HEIGHT = 240;
/** Room for the points only: the axis labels are HTML beside the drawing (see PriceChart). */
const PAD = { left: 8, right: 8, top: 12, bottom: 12 };
/**
 * The drawing is stretched to its box (a set height, any width), so its strokes keep their width
 * in pixels, and a point is a dot drawn as a zero-length line with round caps (a circle would be
 * stretched into an ellipse).
 */
const stroke = { vectorEffect: "non-scaling-stroke" } as const;

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
        <path
          d={bars}
          stroke="#9fb5b7"
          strokeWidth="2"
          fill="none"
          data-testid="price-chart-ranges"
          {...stroke}
        />
      ) : null}
      {sorted.length > 1 ? (
        <polyline points={line} fill="none" stroke="#1f4f55" strokeWidth="2.5" {...stroke} />
      ) : null}
      {sorted.map((p, i) => (
        <line
          key={p.month}
          x1={x(i)}
          y1={y(p.medianMinor)}
          x2={x(i)}
          y2={y(p.medianMinor)}
          stroke="#1f4f55"
          strokeWidth="8"
          strokeLinecap="round"
          data-point=""
          {...stroke}
        >
          <title>
            {t("bottlings.page.chartPoint", {
              month: formatMonth(p.month, locale),
              median: price(p.medianMinor),
              count: p.count,
              min: price(p.minMinor),
              max: price(p.maxMinor),
            })}
          </title>
        </line>
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
 * The axis labels are HTML around the drawing, not SVG text: the drawing scales with its width,
 * so its text was 6 px on a phone; HTML text keeps the page's size at any width (hidden from
 * screen readers, which read the text alternative).
 */
export function PriceChart({ points, name }: { points: PricePoint[]; name: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  // ISO months ("2026-03") sort as plain strings; localeCompare would load the browser's ICU
  // collation data for nothing (ADR 0151).
  const sorted = [...points].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
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
  const axisText = "text-xs text-muted tabular-nums whitespace-nowrap";
  return (
    <figure className="rounded-xl border border-line bg-white p-3" data-testid="price-chart">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        <div
          aria-hidden="true"
          className={`flex flex-col text-right ${p1 === p0 ? "justify-center" : "justify-between"} ${axisText}`}
          data-testid="price-chart-prices"
        >
          <span>{price(p1)}</span>
          {p1 !== p0 ? <span>{price(p0)}</span> : null}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="price-chart-title"
          className="block h-40 w-full overflow-visible tablet:h-60"
        >
          <title id="price-chart-title">{label}</title>
          <line x1={0} y1={HEIGHT - PAD.bottom} x2={WIDTH} y2={HEIGHT - PAD.bottom} stroke="#ddd5c7" />
          <line x1={0} y1={0} x2={0} y2={HEIGHT - PAD.bottom} stroke="#ddd5c7" />
          <MonthMarks points={sorted} x={(i) => x(months[i])} y={y} />
        </svg>
        <div
          aria-hidden="true"
          className={`col-start-2 flex ${first === last ? "justify-center" : "justify-between"} gap-3 ${axisText}`}
          data-testid="price-chart-months"
        >
          <span>{first}</span>
          {first !== last ? <span>{last}</span> : null}
        </div>
      </div>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
