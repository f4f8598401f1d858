import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BidRange } from "#core/rules/bid-step.ts";
import type { Db } from "#server/db/client.ts";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { decideInDatabase } from "./place-bid.ts";
import {
  type AuctionRuleOptions,
  type AuctionState,
  type BidAmount,
  type BidRow,
  minimumBidFor,
  placeBid,
} from "./rules.ts";
import { bids } from "./tables.ts";

/**
 * The bid decision runs in the database (bid_decision(), migration 0027); rules.ts is its
 * reference. Random bid sequences (random bidders, amounts around the minimum, proxy maxima, ties,
 * the leader bidding again, times around the end for soft close, random valid step tables and
 * reserves, "bid the minimum" requests with ceilings around the minimum) go through both, bid by bid: the same refusals with the same minimum, the same rows,
 * the same new state; at the end the stored rows and the auction's row equal what the rules built.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let database: TestDatabase;
let db: Db;
let sellerId: number;
let bidderIds: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const [seller] = await insertBidders(db, 1);
  sellerId = seller.user.id;
  bidderIds = (await insertBidders(db, 4)).map((bidder) => bidder.user.id);
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

const bidder = (id: number) => ({ id, emailConfirmed: true, adultConfirmed: true });

/** A valid step table (core/rules/bid-step.ts): from 0, contiguous, the last range open-ended. */
const bidTable: fc.Arbitrary<BidRange[]> = fc.oneof(
  fc.constant(BID_STEPS as BidRange[]),
  fc
    .array(fc.record({ width: fc.integer({ min: 1, max: 3000 }), value: fc.integer({ min: 1, max: 300 }) }), {
      minLength: 1,
      maxLength: 5,
    })
    .map((ranges) => {
      let min = 0;
      return ranges.map(({ width, value }, index) => {
        const range = { min, max: index === ranges.length - 1 ? null : min + width, value, step: value };
        min += width;
        return range;
      });
    }),
);

/** How one bid is made, read against the state it meets (so that ties and near misses happen often). */
const bidRecipe = fc.record({
  bidder: fc.integer({ min: 0, max: 3 }),
  /**
   * "Bid the minimum" (migration 0033) in about a third of the bids, with a ceiling around the
   * minimum the bidder would see: a haléř below it, exactly it, a few steps above, or anything near.
   */
  minimum: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant(0),
        fc.constant(-1),
        fc.integer({ min: 1, max: 5 }).map((n) => n * 1000),
        fc.integer({ min: -3000, max: 30_000 }),
      ),
    },
  ),
  /** The amount: the minimum, a haléř below it, a few steps (of 10 Kč) above, or anything near. */
  amount: fc.oneof(
    fc.constant(0),
    fc.constant(-1),
    fc.integer({ min: 1, max: 4 }).map((n) => n * 1000),
    fc.integer({ min: -3000, max: 30_000 }),
  ),
  max: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: "none" as const, extra: 0 }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("above" as const),
        extra: fc.integer({ min: 0, max: 200_000 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "below" as const, extra: 0 }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant("leader" as const), extra: fc.integer({ min: -1, max: 1 }) }),
    },
  ),
  /** Milliseconds after the previous bid; the first comes 5 minutes before the end. */
  gapMs: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 2000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 150_000 }) },
  ),
});

const auctionSetup = fc.record({
  startPriceMinor: fc.integer({ min: 100, max: 2_000_000 }),
  reserveAboveMinor: fc.option(fc.integer({ min: 1, max: 3_000_000 }), { nil: null }),
  softCloseMinutes: fc.integer({ min: 0, max: 3 }),
  table: bidTable,
  recipes: fc.array(bidRecipe, { minLength: 1, maxLength: 25 }),
});

const rowKey = (row: Pick<BidRow, "userId" | "amountMinor" | "maxMinor" | "kind">) =>
  [row.userId, row.amountMinor, row.maxMinor, row.kind] as const;

describe("the bid decision in the database equals the TypeScript rules", () => {
  it("on random bid sequences: the same decisions, rows and state, bid by bid and as stored", async () => {
    const end = new Date("2031-06-15T18:00:00.000Z");
    await fc.assert(
      fc.asyncProperty(auctionSetup, async (setup) => {
        const reserve =
          setup.reserveAboveMinor === null ? null : setup.startPriceMinor + setup.reserveAboveMinor;
        const auction = await insertAuction(db, {
          sellerId,
          startPriceMinor: setup.startPriceMinor,
          reservePriceMinor: reserve,
          endsAt: end,
        });
        const options: AuctionRuleOptions = {
          bidTable: setup.table,
          softCloseMs: setup.softCloseMinutes * 60_000,
        };
        let state: AuctionState = {
          startPriceMinor: setup.startPriceMinor,
          reservePriceMinor: reserve,
          currentPriceMinor: null,
          bidCount: 0,
          leader: null,
          endsAt: end,
        };
        const expectedRows: (BidRow & { id: number })[] = [];
        let at = end.getTime() - 5 * 60_000;

        for (const recipe of setup.recipes) {
          at += recipe.gapMs;
          const userId = bidderIds[recipe.bidder];
          const minimum = minimumBidFor(state, options.bidTable);
          // A "bid the minimum" request becomes the minimum; its maximum is read against that.
          let amountMinor = recipe.minimum === null ? Math.max(0, minimum + recipe.amount) : minimum;
          let maxMinor: number | null = null;
          if (recipe.max.kind === "above") maxMinor = amountMinor + recipe.max.extra;
          if (recipe.max.kind === "below") maxMinor = amountMinor - 1;
          if (recipe.max.kind === "leader" && state.leader) {
            maxMinor = Math.max(0, state.leader.maxMinor + recipe.max.extra);
            amountMinor = Math.min(amountMinor, maxMinor);
          }
          if (maxMinor !== null && maxMinor < 0) maxMinor = null;
          const amount: BidAmount =
            recipe.minimum === null
              ? { amountMinor }
              : { minimum: true, notAboveMinor: Math.max(0, minimum + recipe.minimum) };
          const request = { userId, ...amount, maxMinor, at: new Date(at) };

          const expected = placeBid(state, request, options);
          const actual = await decideInDatabase(
            db,
            { productId: auction.id, bidder: bidder(userId), ...amount, maxMinor, now: request.at },
            options,
          );
          if (!expected.accepted) {
            expect(actual).toEqual({
              ok: false,
              reason: expected.reason,
              minimumMinor: expected.minimumMinor,
            });
            continue;
          }
          if (!actual.ok) throw new Error(`the database refused (${actual.reason}) what the rules accept`);
          expect(actual.rows.map(rowKey)).toEqual(expected.rows.map(rowKey));
          expect(actual.at).toBe(at);
          expect(actual.outbidUserId).toBe(expected.outbidUserId);
          expect(actual.extended).toBe(expected.extended);
          const next = expected.state;
          expect(actual.auction).toMatchObject({
            currentPriceMinor: next.currentPriceMinor,
            bidCount: next.bidCount,
            endsAt: next.endsAt.getTime(),
            leaderId: next.leader?.userId,
            leaderMaxMinor: next.leader?.maxMinor,
            leaderSince: next.leader?.since.getTime(),
            lastBidId: Math.max(...actual.rows.map((row) => row.id)),
          });
          expectedRows.push(...expected.rows.map((row, index) => ({ ...row, id: actual.rows[index].id })));
          state = next;
        }

        // What is stored adds up to what the rules built.
        const stored = await db
          .select()
          .from(bids)
          .where(eq(bids.productId, auction.id))
          .orderBy(asc(bids.id));
        expect(
          stored.map((row) => [
            row.id,
            row.userId,
            row.amountMinor,
            row.maxAmountMinor,
            row.kind,
            row.createdAt,
          ]),
        ).toEqual(
          expectedRows.map((row) => [row.id, row.userId, row.amountMinor, row.maxMinor, row.kind, row.at]),
        );
        expect(stored.every((row) => row.isAutomatic === (row.kind === "automatic"))).toBe(true);
        const [product] = await db.select().from(products).where(eq(products.id, auction.id));
        expect({
          currentPriceMinor: product.bidCount > 0 ? product.currentPriceMinor : null,
          bidCount: product.bidCount,
          endsAt: product.endsAt,
          leader: product.leaderId
            ? { userId: product.leaderId, maxMinor: product.leaderMaxMinor, since: product.leaderSince }
            : null,
        }).toEqual({
          currentPriceMinor: state.currentPriceMinor,
          bidCount: state.bidCount,
          endsAt: state.endsAt,
          leader: state.leader,
        });
      }),
      { numRuns: 100 },
    );
  }, 300_000);

  it("refuses before the rules as the service did: not found, own item, e-mail, age, not started, no valid step table", async () => {
    const options: AuctionRuleOptions = { bidTable: BID_STEPS as BidRange[], softCloseMs: 120_000 };
    const auction = await insertAuction(db, { sellerId });
    const scheduled = await insertAuction(db, { sellerId, status: "scheduled" });
    const decide = (
      productId: number,
      who: ReturnType<typeof bidder>,
      rules: AuctionRuleOptions | null = options,
    ) => decideInDatabase(db, { productId, bidder: who, amountMinor: 100_000 }, rules);
    const someone = bidderIds[0];
    expect(await decide(2_000_000_000, bidder(someone))).toEqual({ ok: false, reason: "not_found" });
    expect(await decide(auction.id, bidder(sellerId))).toEqual({ ok: false, reason: "own_item" });
    expect(await decide(auction.id, { ...bidder(someone), emailConfirmed: false })).toEqual({
      ok: false,
      reason: "email_not_confirmed",
    });
    expect(await decide(auction.id, { ...bidder(someone), adultConfirmed: false })).toEqual({
      ok: false,
      reason: "adult_not_confirmed",
    });
    expect(await decide(scheduled.id, bidder(someone))).toEqual({ ok: false, reason: "not_active" });
    expect(await decide(auction.id, bidder(someone), null)).toEqual({ ok: false, reason: "ended" });
    expect(await db.select().from(bids).where(eq(bids.productId, auction.id))).toEqual([]);
    // The same bid with the table: accepted at the start price, at the clock's millisecond.
    const before = Date.now();
    const accepted = await decide(auction.id, bidder(someone));
    expect(accepted).toMatchObject({ ok: true, auction: { currentPriceMinor: 100_000, bidCount: 1 } });
    if (accepted.ok) {
      expect(accepted.at).toBeGreaterThanOrEqual(before);
      expect(accepted.at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('concurrent "bid the minimum" requests are each decided at the minimum left by the one before', async () => {
    const options: AuctionRuleOptions = { bidTable: BID_STEPS as BidRange[], softCloseMs: 120_000 };
    const auction = await insertAuction(db, { sellerId, startPriceMinor: 10_000 });
    const racers = (await insertBidders(db, 8)).map((racer) => racer.user.id);
    // All saw the start price (100 Kč) as the minimum; each agrees to up to ten steps (of 10 Kč) above it.
    const decisions = await Promise.all(
      racers.map((id) =>
        decideInDatabase(
          db,
          { productId: auction.id, bidder: bidder(id), minimum: true, notAboveMinor: 20_000 },
          options,
        ),
      ),
    );
    expect(decisions.every((decision) => decision.ok)).toBe(true);
    const stored = await db.select().from(bids).where(eq(bids.productId, auction.id)).orderBy(asc(bids.id));
    // 100 Kč, then one step (10 Kč) after another, in the order the lock let them through.
    expect(stored.map((row) => row.amountMinor)).toEqual(racers.map((_, index) => 10_000 + index * 1000));
    expect(stored.every((row) => row.kind === "manual")).toBe(true);
    // One more, with a ceiling the minimum has passed: refused with the minimum, nothing stored.
    const late = await decideInDatabase(
      db,
      { productId: auction.id, bidder: bidder(bidderIds[0]), minimum: true, notAboveMinor: 17_999 },
      options,
    );
    expect(late).toEqual({ ok: false, reason: "minimum_above_ceiling", minimumMinor: 18_000 });
    expect(await db.select().from(bids).where(eq(bids.productId, auction.id))).toHaveLength(racers.length);
  });
});
