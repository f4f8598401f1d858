import type { IndexPoint } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import { formatLevel, formatMonth } from "./index-format.ts";

/**
 * The two drawings: one for a tablet and up, one for a phone, each in its own units so its labels
 * come out at 12 to 14 px where it is shown (a phone's 310 px showed the wide drawing's labels at
 * 6 px, and a minimum width scrolled the page sideways). The page shows one of them by CSS.
 */
export const CHART_SIZES = {
  wide: {
    width: 800,
    height: 320,
    font: 16,
    dot: 6,
    line: 3,
    pad: { left: 64, right: 20, top: 20, bottom: 44 },
  },
  narrow: {
    width: 360,
    height: 270,
    font: 14,
    dot: 3.5,
    line: 2,
    pad: { left: 44, right: 12, top: 14, bottom: 38 },
  },
} as const;
export type ChartSize = keyof typeof CHART_SIZES;

/** Round steps for the level axis: 1, 2, 5 × 10^n, about five of them over the range. */
function ticks(min: number, max: number): number[] {
  const span = Math.max(max - min, 1);
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? power * 10;
  const out: number[] = [];
  for (let value = Math.floor(min / step) * step; value <= max + step / 2; value += step) out.push(value);
  return out;
}

/** A month label's anchor: the first and last inside the chart, the rest centred on their point. */
function anchor(index: number, count: number): "start" | "middle" | "end" {
  if (count > 1 && index === 0) return "start";
  if (count > 1 && index === count - 1) return "end";
  return "middle";
}

/** A label's width in the drawing's units, guessed from its characters (no text measuring on the server). */
const labelWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/**
 * Which months get a label: every nth, n the smallest from count/5 up at which no two of them touch
 * (evenly spaced, about five), and always the last, dropping any nth that it would touch
 * ("Jun 2026Oct 2026" at the right end, when the last came right after an nth). Positions and
 * widths are in the drawing's units, so the answer holds at any width it is shown at.
 */
export function labelledMonths(
  texts: readonly string[],
  x: (index: number) => number,
  fontSize: number,
  gap = fontSize,
): number[] {
  const count = texts.length;
  const span = (index: number): [number, number] => {
    const width = labelWidth(texts[index], fontSize);
    const at = anchor(index, count);
    const left = at === "start" ? x(index) : at === "end" ? x(index) - width : x(index) - width / 2;
    return [left, left + width];
  };
  const touch = (left: number, right: number) => span(left)[1] + gap > span(right)[0];
  let every = Math.max(1, Math.ceil(count / 5));
  let kept: number[] = [];
  for (; ; every += 1) {
    kept = [];
    for (let index = 0; index < count; index += every) kept.push(index);
    if (every >= count || kept.every((index, n) => n === 0 || !touch(kept[n - 1], index))) break;
  }
  const last = count - 1;
  if (last > 0 && kept[kept.length - 1] !== last) {
    while (kept.length > 1 && touch(kept[kept.length - 1], last)) kept.pop();
    if (!touch(kept[kept.length - 1], last)) kept.push(last);
  }
  return kept;
}

/** An axis label in the muted colour. */
function AxisText({
  x,
  y,
  anchor: textAnchor,
  size,
  children,
}: {
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  size: number;
  children: string;
}) {
  return (
    <text x={x} y={y} textAnchor={textAnchor} fontSize={size} fill="var(--color-muted)">
      {children}
    </text>
  );
}

/** The level axis: a line and a label at each round step. */
function LevelAxis({
  axis,
  y,
  from,
  to,
  font,
  locale,
}: {
  axis: number[];
  y: (value: number) => number;
  from: number;
  to: number;
  font: number;
  locale: Locale;
}) {
  return axis.map((value) => (
    <g key={value}>
      <line x1={from} x2={to} y1={y(value)} y2={y(value)} stroke="var(--color-line)" strokeWidth={1} />
      <AxisText x={from - 8} y={y(value) + font * 0.3} anchor="end" size={font}>
        {formatLevel(value * 100, locale).replace(/[,.]00$/, "")}
      </AxisText>
    </g>
  ));
}

/** A circle of radius `r` as a path's two arcs: many circles in one `d`, one element. */
const circle = ([cx, cy]: [number, number], r: number) =>
  `M${(cx - r).toFixed(1)},${cy.toFixed(1)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;

/**
 * Each month's dot, the months with their own value filled and the carried ones hollow: two paths
 * for ten years of months instead of 120 elements (ADR 0101; the page renders them on every
 * request). A filled dot is `radius` across; a hollow one a unit less, plus its stroke's width.
 */
export function monthDots(
  levels: readonly IndexPoint[],
  at: (index: number) => [number, number],
  radius = 6,
): { filled: string; hollow: string } {
  let filled = "";
  let hollow = "";
  levels.forEach((point, index) => {
    if (point.carried) hollow += circle(at(index), radius - 1);
    else filled += circle(at(index), radius);
  });
  return { filled, hollow };
}

/**
 * The index as an SVG line chart, drawn on the server (no chart library, no script): a titled and
 * described image (role="img"); the table below it carries the same values for screen readers and
 * for reading exact figures (the CSV has every month). A carried month is a hollow circle. `size`
 * picks the drawing (CHART_SIZES); its ids carry the size, so both can be on one page.
 */
export function IndexChart({
  levels,
  title,
  description,
  locale,
  size = "wide",
  className = "",
}: {
  levels: IndexPoint[];
  title: string;
  description: string;
  locale: Locale;
  size?: ChartSize;
  className?: string;
}) {
  const { width: WIDTH, height: HEIGHT, font, dot, line, pad: PAD } = CHART_SIZES[size];
  const values = levels.map((point) => point.level / 100);
  // At least ±5 points around the data, so that a flat series sits mid-chart between two lines.
  const axis = ticks(Math.min(...values, 100) - 5, Math.max(...values, 100) + 5);
  const low = axis[0];
  const high = axis[axis.length - 1];
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (levels.length === 1 ? innerW / 2 : (index * innerW) / (levels.length - 1));
  const y = (value: number) => PAD.top + innerH - ((value - low) / (high - low || 1)) * innerH;
  const path = values
    .map((value, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(value).toFixed(1)}`)
    .join(" ");
  const labelled = new Set(
    labelledMonths(
      levels.map((point) => formatMonth(point.month, locale)),
      x,
      font,
    ),
  );
  const dots = monthDots(levels, (index) => [x(index), y(values[index])], dot);
  const ids = `index-chart-${size}`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${ids}-title ${ids}-desc`}
      className={`h-auto w-full ${className}`}
      data-testid={size === "wide" ? "index-chart" : `index-chart-${size}`}
    >
      <title id={`${ids}-title`}>{title}</title>
      <desc id={`${ids}-desc`}>{description}</desc>
      <LevelAxis axis={axis} y={y} from={PAD.left} to={WIDTH - PAD.right} font={font} locale={locale} />
      {levels.map((point, index) =>
        labelled.has(index) ? (
          <AxisText
            key={point.month}
            x={x(index)}
            y={HEIGHT - font * 0.9}
            anchor={anchor(index, levels.length)}
            size={font}
          >
            {formatMonth(point.month, locale)}
          </AxisText>
        ) : null,
      )}
      <path
        d={path}
        fill="none"
        stroke="var(--color-primary-dark)"
        strokeWidth={line}
        strokeLinejoin="round"
      />
      <path d={dots.filled} fill="var(--color-primary-dark)" />
      {dots.hollow ? (
        <path d={dots.hollow} fill="#ffffff" stroke="var(--color-primary-dark)" strokeWidth={line * 0.67} />
      ) : null}
    </svg>
  );
}
