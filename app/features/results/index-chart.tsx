import type { IndexPoint } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import { formatLevel, formatMonth } from "./index-format.ts";

const WIDTH = 800;
const HEIGHT = 320;
const PAD = { left: 64, right: 20, top: 20, bottom: 44 };

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
  const labelEvery = Math.max(1, Math.ceil(levels.length / 5));
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
          <text x={PAD.left - 8} y={y(value) + 5} textAnchor="end" fontSize={16} fill="var(--color-muted)">
            {formatLevel(value * 100, locale).replace(/[,.]00$/, "")}
          </text>
        </g>
      ))}
      {levels.map((point, index) =>
        // Every labelEvery-th month and the last; a regular label too near the last is left out
        // (the two overlapped: "červen 2026" over "říj 2026").
        (index % labelEvery === 0 && levels.length - 1 - index >= labelEvery * 0.8) ||
        index === levels.length - 1 ? (
          <text
            key={point.month}
            x={x(index)}
            y={HEIGHT - 14}
            textAnchor={anchor(index, levels.length)}
            fontSize={16}
            fill="var(--color-muted)"
          >
            {formatMonth(point.month, locale)}
          </text>
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
