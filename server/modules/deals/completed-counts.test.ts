import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { completedDealCounts } from "./completed-counts.ts";
import { deals } from "./tables.ts";
import { dealParties, newDeal, withNewListing } from "./test-fixtures.ts";

/** The "completed deals" badge counts a person's finished deals, as buyer and as seller (issue 36). */
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe("completedDealCounts", () => {
  it("counts the completed deals on both sides and nothing cancelled, refunded or still running", async () => {
    const db = database.db;
    const parties = await dealParties(db);
    const [other] = await insertBidders(db, 1);
    const otherId = other.user.id;
    const add = async (status: DealStatus, sides: { buyerId: number; sellerId: number }) => {
      const deal = newDeal(await withNewListing(db, parties), sides);
      await db
        .insert(deals)
        .values({ ...deal, status, totalMinor: deal.priceMinor + deal.deliveryMinor + deal.buyerFeeMinor });
    };
    await add("completed", { buyerId: parties.buyerId, sellerId: parties.sellerId });
    await add("completed", { buyerId: parties.buyerId, sellerId: parties.sellerId });
    await add("completed", { buyerId: otherId, sellerId: parties.buyerId });
    await add("paid", { buyerId: parties.buyerId, sellerId: parties.sellerId });
    await add("cancelled_unpaid", { buyerId: otherId, sellerId: parties.sellerId });
    await add("refunded", { buyerId: otherId, sellerId: parties.sellerId });

    const counts = await completedDealCounts(db, [parties.buyerId, parties.sellerId, otherId, otherId]);
    expect(counts.get(parties.buyerId)).toBe(3);
    expect(counts.get(parties.sellerId)).toBe(2);
    expect(counts.get(otherId)).toBe(1);
    expect(await completedDealCounts(db, [])).toEqual(new Map());
  });
});
