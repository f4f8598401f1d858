import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyRoundClose } from "#core/rules/auction-end.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { products } from "../listings/tables/products.ts";

/**
 * Issue 39, item 3: a monthly round of 10 lots in 2 top categories closes in slots (the default
 * `monthlyClose`: one lot a minute per category from 20:00 Prague). What a bidder notices: each
 * lot shows its own end once the slots are assigned (a day before the round), every lot closes at
 * its end exactly once, and a late bid moves only its own lot's end.
 */

const context = {} as { api: TestApi; seller: Awaited<ReturnType<typeof insertBidders>>[number] };
// A fresh database is migrated per file: on a busy machine that takes more than the default minute.
beforeAll(async () => {
  context.api = await createTestApi();
  await insertAuctionSettings(context.api.db);
  [context.seller] = await insertBidders(context.api.db, 1);
}, 300_000);
afterAll(async () => {
  await context.api?.services.stopLiveStreams();
  await context.api?.close();
});
const MINUTE = 60_000;
/** A round of the future, so that no other lot of this database is in it. */
const round = monthlyRoundClose(2031, 3);
const at = (ms: number) => new Date(round.getTime() + ms);

async function endsOf(ids: number[]) {
  const rows = await context.api.db
    .select({ id: products.id, endsAt: products.endsAt, slot: products.closeSlot, status: products.status })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

describe("the monthly round's staggered close", () => {
  it("gives 10 lots in 2 categories their slots a day before, closes each once at its slot, and a late bid extends only its lot", async () => {
    const { api, seller } = context;
    const spirits = await insertCategory(api.db);
    // A lot filed under a subcategory counts in its top category.
    const rum = await insertCategory(api.db, { parentId: spirits.id, depth: 2 });
    const cigars = await insertCategory(api.db);
    const lot = (categoryId: number) =>
      insertAuction(api.db, {
        sellerId: seller.user.id,
        categoryId,
        auctionDuration: "month",
        activationAt: at(-20 * 24 * 3600 * 1000),
        endsAt: round,
      });
    const spiritLots = [
      ...(await Promise.all([1, 2, 3].map(() => lot(spirits.id)))),
      ...(await Promise.all([1, 2].map(() => lot(rum.id)))),
    ].map((row) => row.id);
    const cigarLots = (await Promise.all([1, 2, 3, 4, 5].map(() => lot(cigars.id)))).map((row) => row.id);
    const all = [...spiritLots, ...cigarLots];
    // A 7-day auction ending at the same instant is no lot of the round.
    const weekly = await insertAuction(api.db, { sellerId: seller.user.id, endsAt: round });

    // Before the assignment moment (24 h before the round) nothing is drawn.
    expect(await api.services.bidding.assignDueSlots(at(-25 * 3600 * 1000))).toBe(0);
    expect(await api.services.bidding.assignDueSlots(at(-23 * 3600 * 1000))).toBe(10);
    // A second sweep (or another instance) changes nothing.
    expect(await api.services.bidding.assignDueSlots(at(-23 * 3600 * 1000 + MINUTE))).toBe(0);

    const assigned = await endsOf([...all, weekly.id]);
    expect(assigned.get(weekly.id)?.slot).toBeNull();
    for (const group of [spiritLots, cigarLots]) {
      // Each category's lots end a minute apart from 20:00, each slot taken once.
      const ends = group.map((id) => (assigned.get(id)?.endsAt?.getTime() ?? 0) - round.getTime());
      expect([...ends].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4].map((slot) => slot * MINUTE));
      expect(group.map((id) => assigned.get(id)?.slot).sort()).toEqual([0, 1, 2, 3, 4]);
    }
    // The order is the draw's, not the order the lots were listed in (ids ascending).
    const bySlot = [...cigarLots].sort((a, b) => (assigned.get(a)?.slot ?? 0) - (assigned.get(b)?.slot ?? 0));
    const drawnOrders = [
      bySlot,
      [...spiritLots].sort((a, b) => (assigned.get(a)?.slot ?? 0) - (assigned.get(b)?.slot ?? 0)),
    ];
    expect(drawnOrders.some((order, index) => order.join() !== [cigarLots, spiritLots][index].join())).toBe(
      true,
    );

    // A late bid, 30 s before the end of the spirits' slot-2 lot.
    const slotOf = (id: number) => assigned.get(id)?.slot ?? -1;
    const target = spiritLots.find((id) => slotOf(id) === 2) ?? 0;
    const [bidder] = await insertBidders(api.db, 1);
    const bidAt = at(2 * MINUTE - 30_000);
    const bid = await api.services.bidding.placeBid({
      productId: target,
      bidder: { id: bidder.user.id, emailConfirmed: true, adultConfirmed: true },
      amountMinor: 100_000,
      now: bidAt,
    });
    expect(bid).toMatchObject({ ok: true, extended: true });
    const afterBid = await endsOf(all);
    for (const id of all) {
      const expected = id === target ? new Date(bidAt.getTime() + 2 * MINUTE) : assigned.get(id)?.endsAt;
      expect(afterBid.get(id)?.endsAt?.toISOString()).toBe(expected?.toISOString());
    }

    // The monthly page at 20:01:30: ending now the lots of the current slot, then the next ones.
    const pageAt = at(90_000);
    const closing = await api.services.bidding.closingRound("cs", pageAt);
    const open = all
      .map((id) => ({ id, end: afterBid.get(id)?.endsAt?.getTime() ?? 0 }))
      .filter((row) => row.end >= pageAt.getTime() - MINUTE)
      .sort((a, b) => a.end - b.end || a.id - b.id);
    const nowIds = open.filter((row) => row.end < pageAt.getTime() + MINUTE).map((row) => row.id);
    expect(closing?.endingNow.map((row) => row.productId).sort()).toEqual([...nowIds].sort());
    expect(closing?.next.map((row) => row.productId)).toEqual(
      open.slice(nowIds.length, nowIds.length + 5).map((row) => row.id),
    );
    expect(await api.services.bidding.closingRound("cs", at(-MINUTE))).toBeNull();

    // The sweeper through the round, every 30 s: each lot closes once, at its own end.
    const closedAt = new Map<number, number>();
    for (let t = -MINUTE; t <= 6 * MINUTE; t += 30_000) {
      await api.services.bidding.closeOverdue(at(t));
      for (const [id, row] of await endsOf(all))
        if (row.status !== "active" && !closedAt.has(id)) closedAt.set(id, t);
    }
    expect(closedAt.size).toBe(10);
    for (const id of all) {
      const end = (afterBid.get(id)?.endsAt?.getTime() ?? 0) - round.getTime();
      // Closed at the first sweep at or after its end.
      expect(closedAt.get(id)).toBe(Math.ceil(end / 30_000) * 30_000);
    }
    const [won] = await api.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, target));
    expect(won.status).toBe("sold");
    // A closed lot is closed once: another close finds nothing to do.
    expect(await api.services.bidding.closeAuction(target, at(10 * MINUTE))).toEqual({ status: "skipped" });
  });
});
