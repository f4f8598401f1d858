import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import type { PricePoint } from "#core/contracts/bottlings.ts";

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 72, right: 16, top: 16, bottom: 32 };

/**
 * A bottling's price history as an SVG line chart, drawn on the server (no chart library): one
 * point per result, the lowest and highest price on the axis, the first and last date under it. Its
 * text alternative says the same in words; the table beside it lists every result.
 */
export function PriceChart({ points, name }: { points: PricePoint[]; name: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  if (sorted.length === 0) return null;
  const times = sorted.map((p) => new Date(p.date).getTime());
  const prices = sorted.map((p) => p.priceMinor);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const x = (time: number) =>
    t1 === t0
      ? (PAD.left + WIDTH - PAD.right) / 2
      : PAD.left + ((time - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (minor: number) =>
    p1 === p0 ? HEIGHT / 2 : PAD.top + (1 - (minor - p0) / (p1 - p0)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = sorted.map((p, i) => `${x(times[i]).toFixed(1)},${y(p.priceMinor).toFixed(1)}`).join(" ");
  const label = t("bottlings.page.chartLabel", {
    name,
    count: sorted.length,
    from: formatDate(sorted[0].date, locale),
    to: formatDate(sorted[sorted.length - 1].date, locale),
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
          {formatDate(sorted[0].date, locale)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 10} textAnchor="end" fontSize="12" fill="#5c6770">
          {formatDate(sorted[sorted.length - 1].date, locale)}
        </text>
        {sorted.length > 1 ? <polyline points={line} fill="none" stroke="#1f4f55" strokeWidth="2.5" /> : null}
        {sorted.map((p, i) => (
          <circle key={`${p.date}-${i}`} cx={x(times[i])} cy={y(p.priceMinor)} r="4" fill="#1f4f55" />
        ))}
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
