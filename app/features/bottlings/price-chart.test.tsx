import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute } from "#app/test/render-route.tsx";
import type { PricePoint } from "#core/contracts/bottlings.ts";
import { PriceChart } from "./price-chart.tsx";

let shown: PricePoint[] = [];

/** The chart of the points a test set, on a stub route. */
function ChartPage() {
  return <PriceChart points={shown} name="Glenfarclas 21" />;
}

/** The bottling page's price chart: an SVG drawn from the monthly points, said in words for screen readers. */
function renderChart(points: PricePoint[]) {
  shown = points;
  return renderRoute({ id: "chart", path: "/", Component: ChartPage });
}

const month = (m: string, median: number, min = median, max = median, count = 1): PricePoint => ({
  month: m,
  medianMinor: median,
  minMinor: min,
  maxMinor: max,
  count,
});

describe("PriceChart", () => {
  test("draws a point per month at its median, in month order, and names the range in its text alternative", async () => {
    const { container } = renderChart([
      month("2026-03", 450_000, 400_000, 480_000, 5),
      month("2025-11", 380_000),
      month("2026-09", 520_000, 500_000, 600_000, 2),
    ]);
    const chart = await screen.findByRole("img");
    expect(chart.textContent).toMatch(
      /Glenfarclas 21: medián po měsících \(výsledků: 8, měsíců: 3\) od lis\S* 2025 do zář\S* 2026/,
    );
    // The axis spans the months' lowest and highest prices, not only their medians.
    expect(chart.textContent).toMatch(/nejnižší cena 3\s800,00\sKč, nejvyšší 6\s000,00\sKč/);
    const points = (container.querySelector("polyline")?.getAttribute("points") ?? "").split(" ");
    const xs = points.map((p) => Number(p.split(",")[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // The cheapest (the oldest) lowest on the chart: the largest y.
    const ys = points.map((p) => Number(p.split(",")[1]));
    expect(ys[0]).toBe(Math.max(...ys));
    const dots = container.querySelectorAll("[data-point]");
    expect(dots).toHaveLength(3);
    expect(dots[1].textContent).toMatch(
      /bře\S* 2026: medián 4\s500,00\sKč \(výsledků: 5, od 4\s000,00\sKč do 4\s800,00\sKč\)/,
    );
    // A bar from the lowest to the highest price of the two months with more than one price, all
    // in one path (the two axes are the only other lines).
    expect(container.querySelectorAll("line:not([data-point])")).toHaveLength(2);
    const bars = container.querySelector('[data-testid="price-chart-ranges"]')?.getAttribute("d") ?? "";
    expect(bars.match(/M/g)).toHaveLength(2);
    // The axis labels are the page's text beside the drawing (readable on a phone), not SVG text
    // scaled down with it; screen readers get them from the text alternative.
    expect(container.querySelector("svg text")).toBeNull();
    expect(screen.getByTestId("price-chart-prices").textContent).toMatch(/6\s000,00\sKč.*3\s800,00\sKč/);
    expect(screen.getByTestId("price-chart-months").textContent).toMatch(/lis\S* 2025.*zář\S* 2026/);
    expect(screen.getByTestId("price-chart-months").getAttribute("aria-hidden")).toBe("true");
  });

  test("draws nothing without results", () => {
    const { container } = renderChart([]);
    expect(container.querySelector("svg")).toBeNull();
  });
});
