import { and, eq, sql } from "drizzle-orm";
import type { AuctionLive, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { readAuction } from "../listings/index.ts";
import { buyerThreadsOf } from "../messages/index.ts";
import { liveOf, publicBids } from "./auction-state.ts";
import type { RuleOptions } from "./rule-options.ts";
import { bids } from "./tables.ts";

/** The highest bid row id PostgreSQL's integer holds: "every bid" as an upper bound. */
const ALL_BIDS = 2_147_483_647;

export type LiveState = {
  live: AuctionLive;
  bids: PublicBid[];
  leaderId: number | null;
  winnerId: number | null;
};

/** What the auction page, the API and the live stream read of an auction. */
export function createAuctionReads(deps: {
  db: Db;
  ruleOptions: RuleOptions;
  /** The winner's deal through the site (the deals module's, wired in): null when none was opened. */
  winnerDeal?: (productId: number, userId: number) => Promise<number | null>;
}) {
  const { db, ruleOptions } = deps;

  /** The public state and the public history after `afterId` (0 = all), read consistently. */
  async function liveState(productId: number, afterId = 0): Promise<LiveState | null> {
    const options = await ruleOptions();
    // The product by its key: one generic plan for every product (ADR 0050). The bids keep a plan
    // per run: under a generic plan their bounded ids made the bids' own key look best (every bid
    // of the catalogue read at 10 000 products).
    const row = await readAuction(genericPlans(db), productId);
    if (!row) return null;
    const now = new Date();
    // Only rows up to the product's own last bid: a bid committed between the two reads comes
    // with the next event, together with the state it produced.
    // A reader that has every bid up to the newest (the product page read them with the listing,
    // the stream's next event) asks for nothing more.
    const last = row.lastBidId ?? null;
    const history =
      last !== null && last <= afterId ? [] : await publicBids(db, productId, afterId, last ?? ALL_BIDS);
    return { live: liveOf(row, options, now), bids: history, leaderId: row.leaderId, winnerId: row.winnerId };
  }

  return {
    liveState,

    /** The public bid history of an auction, newest first, with its state; null when there is no such auction. */
    async history(productId: number) {
      const state = await liveState(productId);
      if (!state || ["draft", "rejected", "expired"].includes(state.live.status)) return null;
      return { live: state.live, bids: [...state.bids].reverse() };
    },

    /** Where a user stands in an auction (the page and the API show it to them only). */
    async standing(productId: number, userId: number): Promise<ViewerStanding> {
      const row = await readAuction(db, productId);
      if (!row)
        return { leading: false, hasBid: false, maxMinor: null, won: false, threadId: null, dealId: null };
      const [mine] = await db
        .select({
          // The standing maximum is the user's own request: the system's bids for them leave it out.
          myMax: sql<
            string | number | null
          >`max(greatest(coalesce(${bids.maxAmountMinor}, 0), ${bids.amountMinor})) filter (where ${bids.kind} <> 'automatic')`,
          myBids: sql<number>`count(*)::int`,
        })
        .from(bids)
        .where(and(eq(bids.productId, productId), eq(bids.userId, userId)));
      const leading = row.leaderId === userId;
      const won = row.winnerId === userId;
      const [threadId, dealId] = won
        ? await Promise.all([
            buyerThreadsOf(db, userId, [productId]).then((threads) => threads.get(productId) ?? null),
            deps.winnerDeal?.(productId, userId) ?? null,
          ])
        : [null, null];
      return {
        leading,
        hasBid: Number(mine?.myBids ?? 0) > 0,
        maxMinor: leading ? row.leaderMaxMinor : mine?.myMax == null ? null : Number(mine.myMax),
        won,
        threadId,
        dealId,
      };
    },
  };
}
