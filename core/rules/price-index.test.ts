import { describe, expect, it } from "vitest";
import { type IndexSale, indexSeries, median, monthLevel, monthsBetween, nextMonth } from "./price-index.ts";

// The worked example of docs/product/price-index.md, computed by hand there.
const sale = (bottlingId: number, month: string, priceMinor: number): IndexSale => ({
  bottlingId,
  month,
  priceMinor,
});
const A = 1;
const B = 2;
const C = 3;
const D = 4;
const SALES: IndexSale[] = [
  sale(A, "2026-01", 1000),
  sale(B, "2026-01", 2000),
  sale(C, "2026-01", 4000),
  sale(A, "2026-02", 1100),
  sale(B, "2026-02", 2000),
  sale(C, "2026-02", 4400),
  sale(A, "2026-03", 1210),
  sale(A, "2026-04", 1320),
  sale(B, "2026-04", 2400),
  sale(C, "2026-04", 4000),
  sale(D, "2026-04", 500),
  sale(A, "2026-05", 1452),
  sale(B, "2026-05", 2300),
  sale(B, "2026-05", 2500),
  sale(C, "2026-05", 5000),
  sale(D, "2026-05", 600),
];

describe("the price index (docs/product/price-index.md, the worked example)", () => {
  it("chains the median of the repeat sales' estimates, month by month, from 100", () => {
    expect(indexSeries(SALES, "2026-06")).toEqual([
      // The first month with a sale is the base.
      { month: "2026-01", level: 10000, pairs: 0, carried: false },
      // A 100 × 1100/1000 = 110, B 100 × 1 = 100, C 100 × 4400/4000 = 110: median 110.
      { month: "2026-02", level: 11000, pairs: 3, carried: false },
      // Only A sold again: one pair, fewer than three, so February's level is carried forward.
      { month: "2026-03", level: 11000, pairs: 1, carried: true },
      // A from March (carried 110) × 1320/1210 = 120, B from February 110 × 2400/2000 = 132,
      // C from February 110 × 4000/4400 = 100, D first sold (no pair): median 120.
      { month: "2026-04", level: 12000, pairs: 3, carried: false },
      // A 120 × 1452/1320 = 132, B (median of 2300 and 2500 = 2400) 120 × 1 = 120, C 120 × 1.25 = 150,
      // D 120 × 1.2 = 144: four estimates, the geometric mean of 132 and 144 = 137.87.
      { month: "2026-05", level: 13787, pairs: 4, carried: false },
      // No sale at all: carried, no pairs.
      { month: "2026-06", level: 13787, pairs: 0, carried: true },
    ]);
  });

  it("computes a month from the frozen earlier months alone, as the whole series does", () => {
    const series = indexSeries(SALES, "2026-04");
    const frozen = new Map(series.map((level) => [level.month, level]));
    expect(monthLevel("2026-05", SALES, frozen)).toEqual({
      month: "2026-05",
      level: 13787,
      pairs: 4,
      carried: false,
    });
  });

  it("ignores sales after the month and refuses a gap in the chain", () => {
    const frozen = new Map(indexSeries(SALES, "2026-01").map((level) => [level.month, level]));
    expect(monthLevel("2026-02", SALES, frozen).level).toBe(11000);
    expect(() => monthLevel("2026-03", SALES, frozen)).toThrow(/no level before 2026-03/);
  });

  it("has no series without sales, and knows its months and medians", () => {
    expect(indexSeries([], "2026-05")).toEqual([]);
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(nextMonth("2025-12")).toBe("2026-01");
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
