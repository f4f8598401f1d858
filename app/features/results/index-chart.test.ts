import { describe, expect, test } from "vitest";
import { labelledMonths } from "./index-chart.tsx";

/** A chart 716 units wide from x = 64, as the price index draws it: months evenly spread. */
const spread = (count: number) => (index: number) => 64 + (index * 716) / Math.max(1, count - 1);
const months = (count: number) =>
  Array.from({ length: count }, (_, i) => `Sept ${2020 + Math.floor(i / 12)}`);

describe("the price index's month labels", () => {
  test("about five of them, the first and the last always", () => {
    const shown = labelledMonths(months(20), spread(20), 16);
    expect(shown[0]).toBe(0);
    expect(shown[shown.length - 1]).toBe(19);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(shown.length).toBeLessThanOrEqual(6);
  });

  test("drops an nth label that the last would touch (Jun 2026Oct 2026)", () => {
    // 37 months: every 8th is labelled, the 32nd one month before the last (36).
    const texts = months(37);
    const x = spread(37);
    const shown = labelledMonths(texts, x, 16);
    expect(shown).toContain(36);
    expect(shown).not.toContain(32);
    const width = (i: number) => texts[i].length * 16 * 0.6;
    // No two neighbours overlap: each one's right edge is left of the next one's left edge.
    const edges = shown.map((i, n) => {
      const left = n === 0 ? x(i) : n === shown.length - 1 ? x(i) - width(i) : x(i) - width(i) / 2;
      return [left, left + width(i)];
    });
    for (let n = 1; n < edges.length; n += 1) expect(edges[n - 1][1]).toBeLessThan(edges[n][0]);
  });

  test("one month: one label", () => {
    expect(labelledMonths(["Oct 2026"], spread(1), 16)).toEqual([0]);
  });
});

describe("the price index's month labels, evenly spaced", () => {
  test("a longer label (Czech 'červen 2024') widens the step rather than leaving a gap", () => {
    // Thirty-seven Czech months from říjen 2023: every 8th touched its neighbour at 16 units.
    const names = ["říjen", "listopad", "prosinec", "leden", "únor", "březen", "duben", "květen", "červen"];
    const texts = Array.from(
      { length: 37 },
      (_, i) => `${names[i % names.length]} ${2023 + Math.floor(i / 12)}`,
    );
    const shown = labelledMonths(texts, spread(37), 16);
    const steps = shown.slice(1, -1).map((index, n) => index - shown[n]);
    expect(new Set(steps).size).toBeLessThanOrEqual(1);
    expect(shown[0]).toBe(0);
    expect(shown[shown.length - 1]).toBe(36);
  });
});
