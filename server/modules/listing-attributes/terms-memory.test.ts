import { describe, expect, it } from "vitest";
import { memoryFiltersOf } from "./terms-facets.ts";
import { TermsMemory, type TermsRow } from "./terms-memory.ts";

/**
 * The live listing terms in memory (ADR 0129): a page's matches, its facets each counted without
 * its own filter, its ranges and its newest listings, checked against counts made by hand; a
 * listing replaced or taken out, and the arrays written again once most slots are dead.
 */

const WHISKY = 3;
const SCOTLAND = 21;
const RUM = 5;
const HOUR = 3_600_000;

function row(
  productId: number,
  categoryId: number,
  age: number,
  bottler: string,
  more: Partial<TermsRow> = {},
) {
  return {
    productId,
    categoryId,
    sortAt: productId * HOUR,
    toppedUntil: null,
    demoted: false,
    terms: [
      `c:${categoryId}`,
      `b:${productId % 2 === 0 ? 7 : 8}`,
      `a:age_years=${age}`,
      `a:bottler_kind=${bottler}`,
    ],
    ...more,
  };
}

/** Eight whiskies (two of them Scottish, a subcategory) and a rum, as a hand-made table. */
function memory() {
  const terms = new TermsMemory();
  const rows = [
    row(1, WHISKY, 10, "official"),
    row(2, WHISKY, 12, "independent"),
    row(3, SCOTLAND, 12, "independent"),
    row(4, SCOTLAND, 18, "official"),
    row(5, WHISKY, 15, "independent"),
    row(6, WHISKY, 25, "independent"),
    row(7, WHISKY, 12, "official"),
    row(8, WHISKY, 16, "independent"),
    row(9, RUM, 12, "independent"),
  ];
  for (const entry of rows) terms.set(entry.productId, entry);
  return terms;
}

const branch = [WHISKY, SCOTLAND];
const ageAndIndependent = memoryFiltersOf({
  attributes: [
    { key: "age_years", min: 12, max: 18 },
    { key: "bottler_kind", values: ["independent"] },
  ],
});

describe("the live listing terms in memory", () => {
  it("counts every facet of a page exactly, each without its own filter", () => {
    const answer = memory().query({
      categoryIds: branch,
      filters: ageAndIndependent.filters,
      groups: [
        { skip: null, keys: ["#b"], rangeKeys: ["age_years"] },
        { skip: 0, keys: [], rangeKeys: ["age_years"] },
        { skip: 1, keys: ["bottler_kind"], rangeKeys: [] },
      ],
    });
    const [every, withoutAge, withoutBottler] = answer.groups;
    // Aged 12 to 18 and independent, in the whisky branch: 2, 3, 5, 8 (the rum 9 is not in it).
    expect(every.matched).toBe(4);
    expect(Object.fromEntries(every.values.get("#b") ?? [])).toEqual({ "7": 2, "8": 2 });
    expect(every.ranges.get("age_years")).toEqual({ min: 12, max: 16 });
    // Independent at any age: 2, 3, 5, 6, 8.
    expect(withoutAge.matched).toBe(5);
    expect(withoutAge.ranges.get("age_years")).toEqual({ min: 12, max: 25 });
    // Aged 12 to 18 whoever bottled it: 2, 3, 4, 5, 7, 8.
    expect(withoutBottler.matched).toBe(6);
    expect(Object.fromEntries(withoutBottler.values.get("bottler_kind") ?? [])).toEqual({
      independent: 4,
      official: 2,
    });
  });

  it("lists the newest matches, the promoted ones apart, as the SQL orders them", () => {
    const terms = memory();
    const now = 100 * HOUR;
    // 3 is promoted now; 5 was, and its promotion is over; 8 is promoted but demoted by a moderator.
    terms.set(3, row(3, SCOTLAND, 12, "independent", { toppedUntil: now + HOUR }));
    terms.set(5, row(5, WHISKY, 15, "independent", { toppedUntil: now - HOUR }));
    terms.set(8, row(8, WHISKY, 16, "independent", { toppedUntil: now + HOUR, demoted: true }));
    // 2 gets 5's time: the lower id first.
    terms.set(2, row(2, WHISKY, 12, "independent", { sortAt: 5 * HOUR }));
    const { newest } = terms.query({
      categoryIds: branch,
      filters: ageAndIndependent.filters,
      groups: [],
      newest: { limit: 3, now },
    });
    expect(newest).toEqual({ promoted: [3], others: [8, 2, 5] });
  });

  it("follows a listing replaced or taken out, and stays right once its arrays are written again", () => {
    const terms = memory();
    const count = () =>
      terms.query({
        categoryIds: branch,
        filters: ageAndIndependent.filters,
        groups: [{ skip: null, keys: [], rangeKeys: [] }],
      }).groups[0].matched;
    expect(count()).toBe(4);
    terms.set(2, row(2, WHISKY, 30, "independent")); // re-aged: out of the range
    terms.set(5, null); // ended
    expect(count()).toBe(2);
    expect(terms.size).toBe(8);
    // Thousands of changes to one listing: the dead slots outnumber the living and are dropped.
    for (let i = 0; i < 20_000; i++) terms.set(8, row(8, WHISKY, i % 2 === 0 ? 40 : 16, "independent"));
    expect(count()).toBe(2);
    terms.set(8, row(8, WHISKY, 40, "independent"));
    expect(count()).toBe(1);
    expect(terms.size).toBe(8);
  });

  it("filters by brands and packages as by attributes, and by values no listing has", () => {
    const terms = memory();
    const query = (input: Parameters<typeof memoryFiltersOf>[0]) =>
      terms.query({
        categoryIds: branch,
        filters: memoryFiltersOf(input).filters,
        groups: [{ skip: null, keys: ["age_years"], rangeKeys: [] }],
      }).groups[0];
    const brandSeven = query({
      attributes: [{ key: "bottler_kind", values: ["independent"] }],
      brandIds: [7],
    });
    expect(brandSeven.matched).toBe(3); // 2, 6, 8
    expect(Object.fromEntries(brandSeven.values.get("age_years") ?? [])).toEqual({
      "12": 1,
      "25": 1,
      "16": 1,
    });
    expect(query({ attributes: [{ key: "bottler_kind", values: ["unknown"] }] }).matched).toBe(0);
    expect(query({ attributes: [{ key: "age_years", min: 50 }] }).matched).toBe(0);
  });
});
