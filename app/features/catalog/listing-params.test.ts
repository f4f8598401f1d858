import { describe, expect, it } from "vitest";
import { timeLeftParts } from "#app/ui/format.ts";
import {
  activeFilterCount,
  listingHref,
  listingSearch,
  NO_FILTERS,
  parseListingParams,
} from "./listing-params.ts";
import { pageWindow } from "./pagination.tsx";

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe("listing URL state", () => {
  it("reads filters, sort and page, dropping unknown values", () => {
    const state = parse(
      "q=%20rum%20&format=auction&format=bogus&typ=demand&delka=month&cena_od=1%20000&cena_do=5000,50&znacka=4&znacka=2&znacka=x&baleni=3&overeny=1&konci=24&razeni=price_asc&strana=3",
    );
    expect(state).toEqual({
      q: "rum",
      sort: "price_asc",
      page: 3,
      filters: {
        formats: ["auction"],
        types: ["demand"],
        durations: ["month"],
        priceFrom: 1000,
        priceTo: 5000,
        brandIds: [2, 4],
        packageIds: [3],
        verified: true,
        endingSoon: true,
        attributes: {},
        ranges: {},
      },
    });
    expect(activeFilterCount(state.filters)).toBe(9);
  });

  it("reads the attributes' values and ranges, and writes them back in one order", () => {
    const state = parse(
      "p_bottler_kind=independent&p_cask_type=oloroso+sherry&p_cask_type=olorososherry&p_age_years_od=12&p_age_years_do=18&p_abv_od=46%2C5&p_abv_do=abc&p_BAD=1",
    );
    expect(state.filters.attributes).toEqual({ bottler_kind: ["independent"], cask_type: ["olorososherry"] });
    expect(state.filters.ranges).toEqual({ age_years: { from: 12, to: 18 }, abv: { from: 46.5, to: null } });
    expect(activeFilterCount(state.filters)).toBe(4);
    expect(listingSearch(state, "recommended")).toBe(
      "?p_bottler_kind=independent&p_cask_type=olorososherry&p_abv_od=46.5&p_age_years_od=12&p_age_years_do=18",
    );
  });

  it("marks a broken page number, and ignores an unknown sort or an ending window other than 24 h", () => {
    expect(parse("strana=abc").page).toBeNaN();
    expect(parse("strana=0").page).toBeNaN();
    expect(parse("").page).toBe(1);
    expect(parse("razeni=cheapest").sort).toBeNull();
    expect(parse("konci=48").filters.endingSoon).toBe(false);
    expect(parse("cena_od=-5").filters.priceFrom).toBeNull();
  });

  it("writes one canonical query string: fixed order, default sort and page 1 left out", () => {
    const state = parse("razeni=ending&znacka=9&format=shop&strana=1");
    expect(listingSearch(state, "ending")).toBe("?format=shop&znacka=9");
    expect(listingSearch(state, "newest")).toBe("?format=shop&znacka=9&razeni=ending");
    expect(listingSearch({ q: "", sort: null, page: 1, filters: NO_FILTERS }, "newest")).toBe("");
  });

  it("builds links that change one thing and go back to page 1", () => {
    const state = parse("format=auction&format=shop&strana=4");
    expect(listingHref("/2/rum", state, "newest", { filters: { formats: ["shop"] } })).toBe(
      "/2/rum?format=shop",
    );
    expect(listingHref("/2/rum", state, "newest", { page: 5 })).toBe(
      "/2/rum?format=auction&format=shop&strana=5",
    );
    expect(listingHref("/2/rum", state, "newest", { sort: "bids" })).toBe(
      "/2/rum?format=auction&format=shop&razeni=bids",
    );
  });
});

describe("pagination window", () => {
  it("shows the first, the last and two around the current page, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    // A gap of a single page shows that page instead of an ellipsis.
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("time left on a card", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  it("reads days and hours, hours and minutes, minutes, or ended", () => {
    expect(timeLeftParts(at(2 * 1440 + 4 * 60 + 30), now)).toEqual({ kind: "days", days: 2, hours: 4 });
    expect(timeLeftParts(at(5 * 60 + 12), now)).toEqual({ kind: "hours", hours: 5, minutes: 12 });
    expect(timeLeftParts(at(35), now)).toEqual({ kind: "minutes", minutes: 35 });
    expect(timeLeftParts(at(0.5), now)).toEqual({ kind: "minutes", minutes: 1 });
    expect(timeLeftParts(at(0), now)).toEqual({ kind: "ended" });
    expect(timeLeftParts(at(-10), now)).toEqual({ kind: "ended" });
  });
});
