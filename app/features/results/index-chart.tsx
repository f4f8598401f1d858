import type { IndexPoint } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import { formatLevel, formatMonth } from "./index-format.ts";

const WIDTH = 800;
const HEIGHT = 320;
const PAD = { left: 64, right: 20, top: 20, bottom: 44 };
/**
 * The labels' size in the drawing's units: 16, and 22 on a phone (the `mobile:` class below), where
 * the drawing is shown at its 520 px minimum and 16 came out at 10 px. The months are thinned for
 * the larger size, so they never touch at either.
 */
const FONT = 16;
const PHONE_FONT = 22;
const labelText = "mobile:text-[22px]";

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
 * Which months get a label: every nth (about five), and always the last, dropping any that would
 * touch its neighbour ("Jun 2026Oct 2026" at the right end, when the last came right after an nth).
 * Positions and widths are in the drawing's units, so the answer holds at any width it is shown at.
 */
export function labelledMonths(
  texts: readonly string[],
  x: (index: number) => number,
  fontSize: number,
  gap = fontSize,
): number[] {
  const count = texts.length;
  const every = Math.max(1, Math.ceil(count / 5));
  const span = (index: number): [number, number] => {
    const width = labelWidth(texts[index], fontSize);
    const at = anchor(index, count);
    const left = at === "start" ? x(index) : at === "end" ? x(index) - width : x(index) - width / 2;
    return [left, left + width];
  };
  const kept: number[] = [];
  for (let index = 0; index < count; index += every) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || span(previous)[1] + gap <= span(index)[0]) kept.push(index);
  }
  const last = count - 1;
  if (last > 0 && kept[kept.length - 1] !== last) {
    while (kept.length > 1 && span(kept[kept.length - 1])[1] + gap > span(last)[0]) kept.pop();
    if (kept.length === 0 || span(kept[kept.length - 1])[1] + gap <= span(last)[0]) kept.push(last);
  }
  return kept;
}

/** An axis label: the chart's size, larger on a phone, in the muted colour. */
function AxisText({
  x,
  y,
  anchor: textAnchor,
  children,
}: {
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  children: string;
}) {
  return (
    <text x={x} y={y} textAnchor={textAnchor} fontSize={FONT} className={labelText} fill="var(--color-muted)">
      {children}
    </text>
  );
}

/** A circle of radius `r` as a path's two arcs: many circles in one `d`, one element. */
const circle = ([cx, cy]: [number, number], r: number) =>
  `M${(cx - r).toFixed(1)},${cy.toFixed(1)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;

/**
 * Each month's dot, the months with their own value filled and the carried ones hollow: two paths
 * for ten years of months instead of 120 elements (ADR 0101; the page renders them on every
 * request). A filled dot is 5 units across plus its stroke's width, as the hollow one is drawn.
 */
export function monthDots(
  levels: readonly IndexPoint[],
  at: (index: number) => [number, number],
): { filled: string; hollow: string } {
  let filled = "";
  let hollow = "";
  levels.forEach((point, index) => {
    if (point.carried) hollow += circle(at(index), 5);
    else filled += circle(at(index), 6);
  });
  return { filled, hollow };
}

/**
 * The index as an SVG line chart, drawn on the server (no chart library, no script): a titled and
 * described image (role="img"); the table below it carries the same values for screen readers and
 * for reading exact figures (the CSV has every month). A carried month is a hollow circle.
 */
export function IndexChart({
  levels,
  title,
  description,
  locale,
}: {
  levels: IndexPoint[];
  title: string;
  description: string;
  locale: Locale;
}) {
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
      PHONE_FONT,
    ),
  );
  const dots = monthDots(levels, (index) => [x(index), y(values[index])]);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="index-chart-title index-chart-desc"
      className="h-auto w-full min-w-[520px]"
      data-testid="index-chart"
    >
      <title id="index-chart-title">{title}</title>
      <desc id="index-chart-desc">{description}</desc>
      {axis.map((value) => (
        <g key={value}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(value)}
            y2={y(value)}
            stroke="var(--color-line)"
            strokeWidth={1}
          />
          <AxisText x={PAD.left - 8} y={y(value) + 5} anchor="end">
            {formatLevel(value * 100, locale).replace(/[,.]00$/, "")}
          </AxisText>
        </g>
      ))}
      {levels.map((point, index) =>
        labelled.has(index) ? (
          <AxisText key={point.month} x={x(index)} y={HEIGHT - 14} anchor={anchor(index, levels.length)}>
            {formatMonth(point.month, locale)}
          </AxisText>
        ) : null,
      )}
      <path d={path} fill="none" stroke="var(--color-primary-dark)" strokeWidth={3} strokeLinejoin="round" />
      <path d={dots.filled} fill="var(--color-primary-dark)" />
      {dots.hollow ? (
        <path d={dots.hollow} fill="#ffffff" stroke="var(--color-primary-dark)" strokeWidth={2} />
      ) : null}
    </svg>
  );
}
