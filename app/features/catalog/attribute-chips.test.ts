import { describe, expect, test } from "vitest";
import { attributeChips } from "./attribute-filters.tsx";
import type { ListingPageData } from "./listing-data.ts";

/** A whisky page's data reduced to what the chips read: the ranges chosen and the age facet. */
const pageWith = (ranges: Record<string, { from: number | null; to: number | null }>) =>
  ({
    state: { filters: { ranges } },
    facets: {
      attributes: [
        { key: "age_years", label: "Stáří", type: "integer", unit: "years", values: [], range: null },
        { key: "abv", label: "Obsah alkoholu", type: "decimal", unit: "abv", values: [], range: null },
      ],
    },
  }) as unknown as ListingPageData;

const NBSP = "\u00a0";

const labels = (data: ListingPageData, locale: "cs" | "en") =>
  attributeChips(data, () => "/3/whisky", locale).map((chip) => chip.label);

describe("the attribute ranges' chips", () => {
  test("a closed range with a dash, an open one in words (not '12– let')", () => {
    expect(labels(pageWith({ age_years: { from: 12, to: 25 } }), "cs")).toEqual([`Stáří: 12–25${NBSP}let`]);
    expect(labels(pageWith({ age_years: { from: 12, to: null } }), "cs")).toEqual([`Stáří: od 12${NBSP}let`]);
    expect(labels(pageWith({ abv: { from: null, to: 46.5 } }), "cs")).toEqual([
      `Obsah alkoholu: do 46,5${NBSP}%`,
    ]);
    expect(labels(pageWith({ age_years: { from: 12, to: null } }), "en")).toEqual([
      `Stáří: from 12${NBSP}years`,
    ]);
  });

  test("English joins the per cent sign to the number (43% ABV); Czech keeps a no-break space", () => {
    expect(labels(pageWith({ abv: { from: 40, to: 46.5 } }), "en")).toEqual(["Obsah alkoholu: 40–46.5% ABV"]);
    expect(labels(pageWith({ abv: { from: 43, to: null } }), "en")).toEqual(["Obsah alkoholu: from 43% ABV"]);
    expect(labels(pageWith({ abv: { from: 40, to: 46.5 } }), "cs")).toEqual([
      `Obsah alkoholu: 40–46,5${NBSP}%`,
    ]);
  });
});
