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

  it("counts a search's hits by hand's counts, one search after another and after a page's query", () => {
    const terms = memory();
    const group = { keys: ["bottler_kind"], rangeKeys: ["age_years"] };
    // Hits 2, 4, 9 and 42 (not live: nothing of it is held).
    const first = terms.countProducts([2, 4, 9, 42], group);
    expect(Object.fromEntries(first.counts.values.get("bottler_kind") ?? [])).toEqual({
      independent: 2,
      official: 1,
    });
    expect(first.counts.ranges.get("age_years")).toEqual({ min: 12, max: 18 });
    expect(first.categoryIds.sort()).toEqual([WHISKY, SCOTLAND, RUM].sort());
    // The counts of the first search and of a page's query are not carried into the next search.
    terms.query({ categoryIds: branch, filters: [], groups: [{ skip: null, keys: ["#b"], rangeKeys: [] }] });
    const second = terms.countProducts([6, 7], group);
    expect(Object.fromEntries(second.counts.values.get("bottler_kind") ?? [])).toEqual({
      independent: 1,
      official: 1,
    });
    expect(second.counts.ranges.get("age_years")).toEqual({ min: 12, max: 25 });
    expect(second.counts.matched).toBe(2);
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

  it("counts and lists the same through the listings and through the values as one listing at a time", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const terms = new TermsMemory();
    const rows = new Map<number, TermsRow>();
    const put = (productId: number) => {
      const categoryId = [WHISKY, SCOTLAND, RUM][random(3)];
      const entry: TermsRow = {
        productId,
        categoryId,
        sortAt: random(1000) * HOUR,
        toppedUntil: random(5) === 0 ? random(2000) * HOUR : null,
        demoted: random(10) === 0,
        terms: [
          `c:${categoryId}`,
          `b:${random(6)}`,
          ...(random(4) === 0 ? [] : [`p:${random(3)}`]),
          `a:age_years=${random(31)}`,
          `a:bottler_kind=${["official", "independent", "unknown"][random(3)]}`,
          ...(random(3) === 0 ? [] : [`a:region=${["speyside", "islay", "highland", "lowland"][random(4)]}`]),
        ],
      };
      rows.set(productId, entry);
      terms.set(productId, entry);
    };
    for (let id = 1; id <= 3000; id++) put(id);
    // Dead slots: listings changed and ended.
    for (let i = 0; i < 800; i++) put(1 + random(3000));
    for (let i = 0; i < 300; i++) {
      const id = 1 + random(3000);
      rows.delete(id);
      terms.set(id, null);
    }
    const inputs: Parameters<typeof memoryFiltersOf>[0][] = [
      {
        attributes: [
          { key: "age_years", min: 12, max: 18 },
          { key: "bottler_kind", values: ["independent"] },
        ],
      },
      { attributes: [{ key: "region", values: ["islay", "speyside"] }], brandIds: [2, 4] },
      { attributes: [{ key: "age_years", min: 20 }], brandIds: [1], packageIds: [0, 2] },
    ];
    for (const input of inputs) {
      const { filters } = memoryFiltersOf(input);
      const groups = [
        { skip: null, keys: ["#b", "#p", "region", "bottler_kind"], rangeKeys: ["age_years"] },
        ...filters.map((_, skip) => ({
          skip,
          keys: ["#b", "#p", "region", "bottler_kind", "age_years"],
          rangeKeys: [],
        })),
      ];
      // One listing at a time: which filters it passes, then its terms counted in the groups it is in.
      const passes = (entry: TermsRow, index: number) => {
        const filter = filters[index];
        if ("terms" in filter) return filter.terms.some((term) => entry.terms.includes(term));
        return entry.terms.some((term) => {
          if (!term.startsWith(`a:${filter.key}=`)) return false;
          const value = Number(term.split("=")[1]);
          return (
            value >= (filter.min ?? Number.NEGATIVE_INFINITY) &&
            value <= (filter.max ?? Number.POSITIVE_INFINITY)
          );
        });
      };
      const expected = groups.map((group) => {
        const values = new Map<string, number>();
        let matched = 0;
        for (const entry of rows.values()) {
          if (!branch.includes(entry.categoryId)) continue;
          if (!filters.every((_, index) => index === group.skip || passes(entry, index))) continue;
          matched++;
          for (const term of entry.terms) values.set(term, (values.get(term) ?? 0) + 1);
        }
        return { matched, values };
      });
      const now = 1000 * HOUR;
      const newest = (promoted: boolean) =>
        [...rows.values()]
          .filter(
            (entry) => branch.includes(entry.categoryId) && filters.every((_, index) => passes(entry, index)),
          )
          .filter((entry) => ((entry.toppedUntil ?? 0) > now && !entry.demoted) === promoted)
          .sort((a, b) => b.sortAt - a.sortAt || a.productId - b.productId)
          .slice(0, 5)
          .map((entry) => entry.productId);
      for (const listingCost of [0, Number.POSITIVE_INFINITY]) {
        const answer = terms.query(
          { categoryIds: branch, filters, groups, newest: { limit: 5, now } },
          { listingCost },
        );
        expect(answer.newest).toEqual({ promoted: newest(true), others: newest(false) });
        answer.groups.forEach((counted, g) => {
          expect(counted.matched).toBe(expected[g].matched);
          for (const key of groups[g].keys) {
            const prefix = key.startsWith("#") ? `${key[1]}:` : `a:${key}=`;
            const want = [...expected[g].values].filter(([term]) => term.startsWith(prefix));
            const got = [...(counted.values.get(key) ?? [])].map(
              ([value, n]) => [`${prefix}${value}`, n] as const,
            );
            expect(new Map(got)).toEqual(new Map(want));
          }
        });
        expect(answer.groups[0].matched).toBeGreaterThan(20);
      }
    }
  });
});
