import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";

/**
 * Pages read in an index's order (ordered-page.ts) must equal the order the sort keys define, page
 * after page: the auction lists put the products promoted now first, then every auction by its
 * end (ties: newest first, then id), and a demoted or lapsed promotion counts as none.
 */

let api: TestApi;
let categoryId: number;
const NOW = new Date();
const HOUR = 3_600_000;
type Made = { id: number; endsAt: number; newest: number; topped: boolean };
const made: Made[] = [];

beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "poradi", nameCs: "Pořadí" })).id;
  const seller = await api.createUser();
  for (let index = 0; index < 30; index++) {
    const endsAt = NOW.getTime() + ((index * 7) % 12) * HOUR + HOUR; // ties on purpose
    const activation = NOW.getTime() - ((index * 5) % 9) * HOUR;
    // 0, 5, 10, 15: promoted now; 20 promoted but demoted; 25 promoted until an hour ago.
    const promoted = index % 5 === 0 && index < 20;
    const row = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      type: "supply",
      sellerId: seller.user.id,
      auctionDuration: "week",
      startPriceMinor: 10_000,
      priceMinor: null,
      endsAt: new Date(endsAt),
      activationAt: new Date(activation),
      toppedUntil:
        index === 25
          ? new Date(NOW.getTime() - HOUR)
          : promoted || index === 20
            ? new Date(NOW.getTime() + 24 * HOUR)
            : null,
      demotedAt: index === 20 ? new Date(NOW.getTime() - HOUR) : null,
    });
    made.push({ id: row.id, endsAt, newest: activation, topped: promoted });
  }
});

afterAll(async () => {
  await api?.close();
});

const byEnd = (a: Made, b: Made) => a.endsAt - b.endsAt || b.newest - a.newest || a.id - b.id;

async function allPages(query: Partial<ListingQuery>, perPage: number) {
  const ids: number[] = [];
  for (let page = 1; page <= Math.ceil(made.length / perPage) + 1; page++) {
    const result = await api.services.catalog.listProducts({
      locale: "cs",
      categoryId,
      now: NOW,
      perPage,
      page,
      ...query,
    });
    ids.push(...result.items.map((item) => item.id));
  }
  return ids;
}

describe("index-ordered listing pages", () => {
  it("lists a week-auction page promoted first, then by the end, page after page", async () => {
    const expected = [
      ...made.filter((row) => row.topped).sort(byEnd),
      ...made.filter((row) => !row.topped).sort(byEnd),
    ];
    expect(await allPages({ formats: ["auction"], durations: ["week"] }, 7)).toEqual(
      expected.map((row) => row.id),
    );
  });

  it("lists auctions by their end alone when the visitor sorts by the end, leaving out the ids asked", async () => {
    const excluded = [made[0].id, made[3].id];
    const expected = made.filter((row) => !excluded.includes(row.id)).sort(byEnd);
    const ids = await allPages({ formats: ["auction"], sort: "ending", excludeIds: excluded }, 8);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it("gives the same cards without a total to sections that show none", async () => {
    const query = {
      locale: "cs" as const,
      categoryId,
      now: NOW,
      toppedOnly: true,
      sort: "newest" as const,
      perPage: 4,
    };
    const counted = await api.services.catalog.listProducts(query);
    expect(counted.total).toBe(4);
    expect(await api.services.catalog.listCards(query)).toEqual(counted.items);
  });
});
