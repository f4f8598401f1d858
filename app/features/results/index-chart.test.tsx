import { describe, expect, test } from "vitest";
import type { IndexPoint } from "#core/contracts/sale-results.ts";
import { monthDots } from "./index-chart.tsx";

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
