import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { CategoryNode } from "#app/shell.ts";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { ArchiveRow } from "#core/contracts/sale-results.ts";
import { ArchiveTable } from "./archive-table.tsx";
import { fillLevelCategories } from "./categories.ts";

const RUM = 11;
const CIGARS = 21;

const row = (over: Partial<ArchiveRow>): ArchiveRow => ({
  id: 1,
  productId: 1,
  categoryId: RUM,
  kind: "auction",
  name: "Foursquare Dominus, 56 %",
  path: "/1/foursquare-dominus",
  priceMinor: 245_000,
  soldAt: "2026-11-21T18:00:00.000Z",
  fillLevel: null,
  ...over,
});

const ROWS: ArchiveRow[] = [
  row({ id: 1, productId: 1 }),
  row({ id: 2, productId: 2, fillLevel: "top_shoulder" }),
  row({ id: 3, productId: 3, categoryId: CIGARS, name: "Bolívar Belicosos Finos (box 25 ks)" }),
];

function ArchivePage() {
  return <ArchiveTable rows={ROWS} fillCategories={[RUM]} />;
}

function renderTable(locale: "cs" | "en") {
  renderRoute(
    {
      id: "results",
      path: "/",
      Component: ArchivePage,
    },
    { locale },
  );
}

const rowOf = async (productId: number) =>
  (await screen.findByTestId("results-table")).querySelector(`[data-product-id="${productId}"]`);

describe("the archive's rows", () => {
  test("a spirit says its fill level, or that none was given", async () => {
    renderTable("cs");
    expect(textOf(await rowOf(1))).toContain("Hladina: neuvedena");
    expect(textOf(await rowOf(2))).toContain("Hladina: Nahoře v rameni");
  });

  test("a cigar has no fill-level line at all, in either language", async () => {
    renderTable("cs");
    const cigar = await rowOf(3);
    expect(textOf(cigar)).not.toContain("Hladina");
    expect(textOf(cigar)).not.toContain("neuvedena");
    expect(cigar?.querySelector('[data-testid="result-fill"]')).toBeNull();
  });

  test("in English too: 'not given' only for a spirit", async () => {
    renderTable("en");
    expect(textOf(await rowOf(1))).toContain("not given");
    expect(textOf(await rowOf(3))).not.toContain("not given");
  });
});

describe("the categories with a fill level", () => {
  const node = (id: number, subcategories: CategoryNode[] = []): CategoryNode => ({
    id,
    slug: `c${id}`,
    name: String(id),
    subcategories,
  });
  const tree = [node(1, [node(RUM, [node(12)]), node(13)]), node(2, [node(CIGARS)])];

  test("are the subtree of a category defining `fill_level`, and only that", () => {
    const withFill = fillLevelCategories(tree, [
      { categoryId: 1, key: "fill_level" },
      { categoryId: 1, key: "abv" },
      { categoryId: 2, key: "vitola" },
    ]);
    expect([...withFill].sort((a, b) => a - b)).toEqual([1, RUM, 12, 13]);
    expect(withFill.has(CIGARS)).toBe(false);
  });
});

describe("a result's name", () => {
  test("never breaks between a strength and its per cent sign", async () => {
    renderTable("cs");
    const link = (await rowOf(1))?.querySelector("a");
    expect(link?.textContent).toBe("Foursquare Dominus, 56\u00a0%");
  });
});

function CigarsPage() {
  return <ArchiveTable rows={ROWS.slice(2)} fillCategories={[]} />;
}

describe("a page of cigars only", () => {
  test("has no fill-level column, not even an empty one", async () => {
    renderRoute({ id: "results", path: "/", Component: CigarsPage });
    const table = await screen.findByTestId("results-table");
    expect(textOf(table.querySelector("thead"))).not.toContain("Hladina");
    expect(table.querySelector("thead tr")?.children).toHaveLength(4);
    expect(table.querySelector("tbody tr")?.children).toHaveLength(4);
  });
});
