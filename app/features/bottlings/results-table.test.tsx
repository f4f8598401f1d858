import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute } from "#app/test/render-route.tsx";
import type { BottlingResult } from "#core/contracts/bottlings.ts";
import { ResultsTable } from "./bottling-parts.tsx";

const results: BottlingResult[] = [
  {
    id: 2,
    productId: 20,
    priceMinor: 128_000,
    date: "2026-09-23T10:00:00.000Z",
    fillLevel: "top_shoulder",
    kind: "auction",
  },
  {
    id: 1,
    productId: 10,
    priceMinor: 110_000,
    date: "2026-08-01T10:00:00.000Z",
    fillLevel: null,
    kind: "auction",
  },
];

function ResultsPage() {
  return <ResultsTable results={results} />;
}

function CigarResultsPage() {
  return <ResultsTable results={results} fillLevels={false} />;
}

describe("a bottling's results table", () => {
  test("names the fill level in words (not its key), a dash where none was given", async () => {
    renderRoute({ id: "results", path: "/", Component: ResultsPage });
    const table = await screen.findByTestId("bottling-results");
    const rows = table.querySelectorAll("tbody tr");
    expect(rows[0].textContent).toContain("Nahoře v rameni");
    expect(table.textContent).not.toContain("top_shoulder");
    expect(rows[1].textContent).toContain("–");
  });
});

describe("a cigar bottling's results table", () => {
  test("has no fill-level column: neither its header nor a dash in each row", async () => {
    renderRoute({
      id: "results",
      path: "/",
      Component: CigarResultsPage,
    });
    const table = await screen.findByTestId("bottling-results");
    expect(table.textContent).not.toContain("Hladina");
    expect(table.textContent).not.toContain("Nahoře v rameni");
    for (const row of table.querySelectorAll("tbody tr")) expect(row.querySelectorAll("td")).toHaveLength(3);
  });
});
