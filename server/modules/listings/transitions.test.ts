import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IllegalTransitionError } from "#core/lifecycles/listing.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import {
  extendAuctionEnd,
  lockAuction,
  markEndingNoticeSent,
  promote,
  recordLeadingBid,
  runningAuctionsOf,
} from "./auction-rows.ts";
import { productStatusChanges, products } from "./tables/products.ts";
import {
  activate,
  cancel,
  cancelForDeletedAccount,
  closeAuction,
  createListing,
  expire,
  markSold,
  reject,
  releaseAfterPayment,
} from "./transitions.ts";

/**
 * The listing's transitions on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * each writes the move the lifecycle allows, with its columns and its product_status_changes row,
 * and refuses the others. The use cases around them (add, pay, close) are tested with their modules.
 */

let api: TestApi;
let categoryId: number;
let sellerId: number;
let bidderId: number;

beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCategory(api.db)).id;
  const [seller, bidder] = await insertBidders(api.db, 2);
  sellerId = seller.user.id;
  bidderId = bidder.user.id;
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const row = async (id: number) => (await api.db.select().from(products).where(eq(products.id, id)))[0];
const changes = async (id: number) =>
  api.db
    .select({
      from: productStatusChanges.fromStatus,
      to: productStatusChanges.toStatus,
      actor: productStatusChanges.actorId,
      reason: productStatusChanges.reason,
    })
    .from(productStatusChanges)
    .where(eq(productStatusChanges.productId, id))
    .orderBy(asc(productStatusChanges.id));

const listing = (overrides: Partial<Parameters<typeof insertProduct>[1]> = {}) =>
  insertProduct(api.db, { format: "classified", sellerId, categoryId, ...overrides });

describe("listing transitions", () => {
  it("create a listing in an initial status only, recording its creation", async () => {
    const at = new Date();
    const id = await api.db.transaction((tx) =>
      createListing(
        tx,
        {
          format: "classified",
          type: "supply",
          status: "active",
          sellerId,
          categoryId,
          nameCs: "A",
          slugCs: "a",
        },
        { actorId: sellerId, reason: "submitted", at },
      ),
    );
    expect((await row(id)).status).toBe("active");
    expect(await changes(id)).toEqual([{ from: null, to: "active", actor: sellerId, reason: "submitted" }]);
    await expect(
      api.db.transaction((tx) =>
        createListing(
          tx,
          { format: "classified", status: "sold", sellerId, categoryId, nameCs: "B", slugCs: "b" },
          { actorId: sellerId, reason: "submitted", at },
        ),
      ),
    ).rejects.toThrow();
  });

  it("release a paid listing: scheduled for a future date, else active with its end", async () => {
    const at = new Date();
    const future = new Date(at.getTime() + 3 * 24 * 3600 * 1000);
    const later = await listing({
      format: "auction",
      status: "awaiting_payment",
      activationAt: future,
      auctionDuration: "week",
    });
    const now = await listing({ format: "auction", status: "awaiting_payment", auctionDuration: "week" });
    const first = await api.db.transaction((tx) => releaseAfterPayment(tx, later.id, at));
    expect(first).toMatchObject({ status: "scheduled", activationAt: future, format: "auction", sellerId });
    const second = await api.db.transaction((tx) => releaseAfterPayment(tx, now.id, at));
    expect(second?.status).toBe("active");
    expect((await row(now.id)).endsAt).toEqual(second?.endsAt);
    expect(await changes(now.id)).toEqual([
      { from: "awaiting_payment", to: "active", actor: null, reason: "paid" },
    ]);
    // A repeated notification changes nothing.
    expect(await api.db.transaction((tx) => releaseAfterPayment(tx, now.id, at))).toBeNull();
  });

  it("activate a scheduled listing whose date has come, and only then", async () => {
    const at = new Date();
    const due = await listing({
      format: "auction",
      status: "scheduled",
      activationAt: at,
      auctionDuration: "month",
    });
    const early = await listing({ status: "scheduled", activationAt: new Date(at.getTime() + 60_000) });
    const activation = await api.db.transaction((tx) => activate(tx, due.id, at));
    expect(activation).toMatchObject({ status: "activated", format: "auction", sellerId });
    expect((await row(due.id)).endsAt).not.toBeNull();
    expect(await changes(due.id)).toEqual([
      { from: "scheduled", to: "active", actor: null, reason: "activation_date" },
    ]);
    expect(await api.db.transaction((tx) => activate(tx, due.id, at))).toEqual({ status: "skipped" });
    expect((await api.db.transaction((tx) => activate(tx, early.id, at))).status).toBe("not_due");
    expect((await row(early.id)).status).toBe("scheduled");
  });

  it("close an auction: sold at or above the reserve, ended below it or without bids", async () => {
    const at = new Date();
    const leader = { userId: bidderId, maxMinor: 200_000, since: at };
    const sold = await insertAuction(api.db, { sellerId, categoryId, reservePriceMinor: 150_000 });
    const below = await insertAuction(api.db, { sellerId, categoryId, reservePriceMinor: 150_000 });
    const none = await insertAuction(api.db, { sellerId, categoryId });
    await api.db
      .update(products)
      .set({ bidCount: 2, currentPriceMinor: 150_000 })
      .where(eq(products.id, sold.id));
    await api.db
      .update(products)
      .set({ bidCount: 1, currentPriceMinor: 120_000 })
      .where(eq(products.id, below.id));

    const won = await api.db.transaction((tx) => closeAuction(tx, sold.id, { leader, at }));
    expect(won).toEqual({ outcome: "sold", winnerId: bidderId, priceMinor: 150_000 });
    expect(await row(sold.id)).toMatchObject({
      status: "sold",
      winnerId: bidderId,
      endedAt: at,
      leaderId: bidderId,
    });
    expect(await changes(sold.id)).toEqual([
      { from: "active", to: "sold", actor: null, reason: "auction_won" },
    ]);

    const unsold = await api.db.transaction((tx) => closeAuction(tx, below.id, { leader, at }));
    expect(unsold).toEqual({ outcome: "unsold", reason: "reserve_not_met" });
    expect(await row(below.id)).toMatchObject({ status: "ended", winnerId: null, endedAt: at });

    expect(await api.db.transaction((tx) => closeAuction(tx, none.id, { leader: null, at }))).toEqual({
      outcome: "unsold",
      reason: "no_bids",
    });
    expect(await changes(none.id)).toEqual([
      { from: "active", to: "ended", actor: null, reason: "auction_no_bids" },
    ]);
    // Closed once: a second close finds nothing to do.
    expect(await api.db.transaction((tx) => closeAuction(tx, sold.id, { leader, at }))).toBeNull();
  });

  it("mark sold, cancel, reject and expire only where the lifecycle allows", async () => {
    const at = new Date();
    const classified = await listing({ status: "active" });
    await api.db.transaction((tx) => markSold(tx, classified.id, bidderId, { actorId: sellerId, at }));
    expect(await row(classified.id)).toMatchObject({ status: "sold", winnerId: bidderId, endedAt: at });
    expect(await changes(classified.id)).toEqual([
      { from: "active", to: "sold", actor: sellerId, reason: `sold_to:${bidderId}` },
    ]);
    await expect(
      api.db.transaction((tx) => cancel(tx, classified.id, { actorId: sellerId, reason: "seller", at })),
    ).rejects.toBeInstanceOf(IllegalTransitionError);

    const open = await listing({ status: "scheduled" });
    await api.db.transaction((tx) => reject(tx, open.id, "counterfeit", { actorId: null, at }));
    expect(await changes(open.id)).toEqual([
      { from: "scheduled", to: "rejected", actor: null, reason: "counterfeit" },
    ]);

    const unpaid = await listing({ status: "awaiting_payment" });
    const paid = await listing({ status: "active" });
    expect(await api.db.transaction((tx) => expire(tx, [unpaid.id, paid.id], at))).toEqual([unpaid.id]);
    expect((await row(paid.id)).status).toBe("active");
    expect(await changes(unpaid.id)).toEqual([
      { from: "awaiting_payment", to: "expired", actor: null, reason: "unpaid" },
    ]);
  });

  it("cancel a deleted account's unfinished listings, but not its finished ones or live auctions", async () => {
    const [owner] = await insertBidders(api.db, 1);
    const id = owner.user.id;
    const pending = await listing({ sellerId: id, status: "awaiting_payment" });
    const live = await listing({ sellerId: id, status: "active" });
    const auction = await insertAuction(api.db, { sellerId: id, categoryId });
    const sold = await listing({ sellerId: id, status: "sold" });
    expect(await runningAuctionsOf(api.db, id)).toEqual({ selling: 1, leading: 0 });
    const cancelled = await api.db.transaction((tx) => cancelForDeletedAccount(tx, id, new Date()));
    expect(cancelled.sort()).toEqual([pending.id, live.id].sort());
    expect((await row(auction.id)).status).toBe("active");
    expect((await row(sold.id)).status).toBe("sold");
    expect(await changes(live.id)).toEqual([
      { from: "active", to: "cancelled", actor: id, reason: "account_deleted" },
    ]);
  });
});

describe("auction rows", () => {
  it("lock, record a bid, move the end and note the ending notice, without touching the status", async () => {
    const auction = await insertAuction(api.db, { sellerId, categoryId });
    const at = new Date();
    const endsAt = new Date(at.getTime() + 7200_000);
    await api.db.transaction(async (tx) => {
      const locked = await lockAuction(tx, auction.id);
      expect(locked).toMatchObject({ id: auction.id, status: "active", bidCount: 0, endingNoticeAt: null });
      await recordLeadingBid(tx, auction.id, {
        currentPriceMinor: 100_000,
        bidCount: 1,
        endsAt,
        leaderId: bidderId,
        leaderMaxMinor: 120_000,
        leaderSince: at,
        lastBidId: 1,
        at,
      });
      await extendAuctionEnd(tx, auction.id, new Date(endsAt.getTime() + 60_000), at);
      await markEndingNoticeSent(tx, [auction.id], at);
    });
    expect(await row(auction.id)).toMatchObject({
      status: "active",
      bidCount: 1,
      leaderId: bidderId,
      endsAt: new Date(endsAt.getTime() + 60_000),
      endingNoticeAt: at,
    });
    const classified = await listing({ status: "active" });
    expect(await api.db.transaction((tx) => lockAuction(tx, classified.id))).toBeNull();
  });

  it("promote from now, or on from a running promotion", async () => {
    const live = await listing({ status: "active" });
    const at = new Date("2030-01-01T10:00:00Z");
    const first = await api.db.transaction((tx) => promote(tx, live.id, 7, at));
    expect(first).toEqual({ toppedUntil: new Date("2030-01-08T10:00:00Z"), sellerId });
    const second = await api.db.transaction((tx) => promote(tx, live.id, 3, at));
    expect(second?.toppedUntil).toEqual(new Date("2030-01-11T10:00:00Z"));
  });
});
