import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute } from "#app/test/render-route.tsx";
import { PriceChart } from "./price-chart.tsx";

let shown: { date: string; priceMinor: number }[] = [];

/** The chart of the points a test set, on a stub route. */
function ChartPage() {
  return <PriceChart points={shown} name="Glenfarclas 21" />;
}

/** The bottling page's price chart: an SVG drawn from the results, said in words for screen readers. */
function renderChart(points: { date: string; priceMinor: number }[]) {
  shown = points;
  return renderRoute({ id: "chart", path: "/", Component: ChartPage });
}

describe("PriceChart", () => {
  test("draws a line through the results in date order and names the range in its text alternative", async () => {
    const { container } = renderChart([
      { date: "2026-03-01T10:00:00.000Z", priceMinor: 450_000 },
      { date: "2025-11-01T10:00:00.000Z", priceMinor: 380_000 },
      { date: "2026-09-01T10:00:00.000Z", priceMinor: 520_000 },
    ]);
    const chart = await screen.findByRole("img");
    expect(chart.textContent).toMatch(
      /Glenfarclas 21 \(výsledků: 3\) od 1\. listopadu 2025 do 1\. září 2026/,
    );
    expect(chart.textContent).toMatch(/nejnižší cena 3\s800,00\sKč, nejvyšší 5\s200,00\sKč/);
    const points = (container.querySelector("polyline")?.getAttribute("points") ?? "").split(" ");
    const xs = points.map((p) => Number(p.split(",")[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // The cheapest (the oldest) lowest on the chart: the largest y.
    const ys = points.map((p) => Number(p.split(",")[1]));
    expect(ys[0]).toBe(Math.max(...ys));
    expect(container.querySelectorAll("circle")).toHaveLength(3);
  });

  test("draws nothing without results", () => {
    const { container } = renderChart([]);
    expect(container.querySelector("svg")).toBeNull();
  });
});
