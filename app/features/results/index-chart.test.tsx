import { render } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { IndexPoint } from "#core/contracts/sale-results.ts";
import { CHART_SIZES, IndexChart, labelledMonths, monthDots } from "./index-chart.tsx";
import { formatMonth } from "./index-format.ts";

const point = (month: string, carried: boolean): IndexPoint => ({ month, level: 10_000, pairs: 3, carried });

describe("the price index chart's dots", () => {
  test("draws every month's dot in one of two paths: filled with its own value, hollow when carried", () => {
    const levels = [point("2026-01", false), point("2026-02", true), point("2026-03", false)];
    const dots = monthDots(levels, (index) => [100 + index * 10, 50]);
    // Each dot is a move to its left edge and two arcs.
    expect(dots.filled.match(/M/g)).toHaveLength(2);
    expect(dots.hollow.match(/M/g)).toHaveLength(1);
    expect(dots.filled).toContain("M94.0,50.0a6,6 0 1,0 12,0a6,6 0 1,0 -12,0");
    expect(dots.hollow).toBe("M105.0,50.0a5,5 0 1,0 10,0a5,5 0 1,0 -10,0");
  });
});

describe("the price index chart's two drawings", () => {
  // Thirty-seven months, as the demo has: Oct 2023 to Oct 2026.
  const levels = Array.from({ length: 37 }, (_, index) =>
    point(`${2023 + Math.floor((index + 9) / 12)}-${String(((index + 9) % 12) + 1).padStart(2, "0")}`, false),
  );
  const draw = (size: "wide" | "narrow") =>
    render(<IndexChart levels={levels} title="Index" description="" locale="en" size={size} />).container;

  test("the phone's drawing is narrow, without a minimum width that would scroll the page sideways", () => {
    const svg = draw("narrow").querySelector("svg");
    expect(svg?.getAttribute("viewBox")).toBe(`0 0 ${CHART_SIZES.narrow.width} ${CHART_SIZES.narrow.height}`);
    expect(svg?.getAttribute("class")).not.toMatch(/min-w/);
    expect(svg?.getAttribute("data-testid")).toBe("index-chart-narrow");
  });

  test("each drawing's month labels are a few, the first and last among them, none touching", () => {
    for (const size of ["narrow", "wide"] as const) {
      const { width, pad, font } = CHART_SIZES[size];
      const x = (index: number) => pad.left + (index * (width - pad.left - pad.right)) / 36;
      const texts = levels.map((entry) => formatMonth(entry.month, "en"));
      const shown = labelledMonths(texts, x, font);
      expect(shown[0], size).toBe(0);
      expect(shown[shown.length - 1], size).toBe(36);
      expect(shown.length, size).toBeGreaterThanOrEqual(2);
      const months = [...draw(size).querySelectorAll("text")].map((text) => text.textContent);
      for (const index of shown) expect(months, size).toContain(texts[index]);
    }
  });

  test("both drawings on one page have their own ids for their titles", () => {
    expect(draw("narrow").querySelector("title")?.id).not.toBe(draw("wide").querySelector("title")?.id);
  });
});
