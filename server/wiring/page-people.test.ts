import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageVerifications } from "#server/modules/age-check/tables.ts";
import { deals } from "#server/modules/deals/tables.ts";
import { userRatings } from "#server/modules/reviews/tables.ts";
import { sellerDeclarations } from "#server/modules/traders/tables.ts";
import { publicAccounts } from "#server/modules/users/index.ts";
import { users } from "#server/modules/users/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct } from "#server/test/fixtures.ts";
import { pagePeople } from "./page-people.ts";

/**
 * The product page's people in one statement say what the badges' and the reviews' own reads say:
 * the seller's phone, age, ARES and deals checks and rating; a bidder's checks without a rating;
 * an account nobody checked; a deleted one.
 */
let api: TestApi;
let seller: number;
let bidder: number;
let nobody: number;
let gone: number;

beforeAll(async () => {
  api = await createTestApi();
  const catalog = await insertCatalogFixture(api.db);
  seller = (await api.createUser({ verifiedAt: new Date("2026-03-29T00:30:00Z") })).user.id;
  bidder = (await api.createUser()).user.id;
  nobody = (await api.createUser()).user.id;
  gone = (await api.createUser()).user.id;
  await api.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, gone));
  // 23:30 UTC on the 25th is already the 26th in Prague.
  await api.db.insert(ageVerifications).values([
    { userId: seller, method: "bank_id", verifiedAt: new Date("2026-11-25T23:30:00Z"), subjectHash: "a" },
    { userId: bidder, method: "eu_wallet", verifiedAt: new Date("2026-10-02T08:00:00Z"), subjectHash: "b" },
  ]);
  await api.db
    .update(sellerDeclarations)
    .set({ kind: "trader", aresCheck: "verified", aresVerifiedAt: new Date("2026-06-30T22:15:00Z") })
    .where(eq(sellerDeclarations.userId, seller));
  await api.db.insert(userRatings).values([
    { userId: seller, reviewCount: 20, starsSum: 85 },
    { userId: bidder, reviewCount: 2, starsSum: 10 },
  ]);
  // A deal per listing (one live deal a listing).
  const listing = async () =>
    (
      await insertProduct(api.db, {
        categoryId: catalog.categories.jamaica.id,
        sellerId: seller,
        format: "classified",
      })
    ).id;
  const deal = async (buyerId: number, sellerId: number, status: "completed" | "paid", key: string) => ({
    source: "auction" as const,
    productId: await listing(),
    buyerId,
    sellerId,
    status,
    priceMinor: 100_000,
    deliveryMinor: 0,
    buyerFeeMinor: 0,
    sellerCommissionMinor: 0,
    totalMinor: 100_000,
    payBy: new Date(),
    requestKey: key,
  });
  await api.db
    .insert(deals)
    .values([
      await deal(bidder, seller, "completed", "k1"),
      await deal(nobody, seller, "completed", "k2"),
      await deal(bidder, seller, "paid", "k3"),
    ]);
}, 300_000);
afterAll(async () => {
  await api?.close();
});

describe("a product page's people", () => {
  it("are the accounts, checks and the seller's rating the owners' own reads give, in one statement", async () => {
    const ids = [seller, bidder, nobody, gone, bidder];
    const people = await pagePeople(api.db, ids, seller);

    expect(people.checks.get(seller)).toEqual({
      age: { method: "bank_id", on: "2026-11-26" },
      trader: { on: "2026-07-01" },
      completedDeals: 2,
    });
    expect(people.checks.get(bidder)).toEqual({
      age: { method: "eu_wallet", on: "2026-10-02" },
      trader: null,
      completedDeals: 1,
    });
    expect(people.checks.get(nobody)).toEqual({ age: null, trader: null, completedDeals: 1 });
    expect(people.rating).toEqual({ average: 4.3, count: 20 });

    // The same as the badges' and the reviews' reads, source by source.
    expect(people.checks).toEqual(await api.services.trustBadges.checksOf(ids));
    expect(people.rating).toEqual(await api.services.reviews.rating(seller));
    const shown = (
      map: ReadonlyMap<number, { username: string; verifiedAt: Date | null; createdAt: Date; gone: boolean }>,
    ) => new Map([...map].map(([id, a]) => [id, [a.username, a.verifiedAt, a.createdAt, a.gone]]));
    expect(shown(people.accounts)).toEqual(shown(await publicAccounts(api.db, ids)));
    expect(people.accounts.get(gone)?.gone).toBe(true);
    expect(people.accounts.get(seller)?.verifiedAt).toEqual(new Date("2026-03-29T00:30:00Z"));
  });

  it("has no rating without a seller, and asks nothing for nobody", async () => {
    expect((await pagePeople(api.db, [bidder], null)).rating).toBeNull();
    expect(await pagePeople(api.db, [], null)).toEqual({
      accounts: new Map(),
      checks: new Map(),
      rating: null,
    });
  });
});
