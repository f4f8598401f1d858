import { and, asc, desc, eq, gt, lte, ne } from "drizzle-orm";
import type { AuctionLive, PublicBid } from "#core/contracts/bidding.ts";
import { buyNowOffered } from "#core/rules/buy-now.ts";
import type { Db } from "#server/db/client.ts";
import type { AuctionRow } from "../listings/index.ts";
import { maskUsername } from "../listings/index.ts";
import { publicNamesOf } from "../users/index.ts";
import {
  type AuctionRuleOptions,
  type AuctionState,
  type Leader,
  minimumAfterBidAt,
  minimumBidFor,
} from "./rules.ts";
import { bids } from "./tables.ts";

/**
 * An auction as the rules (rules.ts) and the public see it, from its row (the listings module's
 * auction columns) and its bids.
 */

/**
 * The leader from the row, or, for an auction whose bids were written without it (demo data,
 * older rows), from the highest bid: the earlier one on a tie, with its maximum.
 */
export async function leaderOf(executor: Db, row: AuctionRow): Promise<Leader | null> {
  if (row.leaderId !== null && row.leaderMaxMinor !== null && row.leaderSince !== null)
    return { userId: row.leaderId, maxMinor: row.leaderMaxMinor, since: row.leaderSince };
  if (row.bidCount === 0) return null;
  const [top] = await executor
    .select({
      userId: bids.userId,
      amountMinor: bids.amountMinor,
      maxMinor: bids.maxAmountMinor,
      at: bids.createdAt,
    })
    .from(bids)
    .where(and(eq(bids.productId, row.id), ne(bids.kind, "max_raise")))
    .orderBy(desc(bids.amountMinor), asc(bids.id))
    .limit(1);
  if (!top) return null;
  return { userId: top.userId, maxMinor: Math.max(top.maxMinor ?? 0, top.amountMinor), since: top.at };
}

/** The rules' view of a stored auction. */
export function stateOf(row: AuctionRow, leader: Leader | null): AuctionState {
  return {
    startPriceMinor: row.startPriceMinor ?? 0,
    reservePriceMinor: row.reservePriceMinor,
    currentPriceMinor: row.bidCount > 0 ? (row.currentPriceMinor ?? row.startPriceMinor ?? 0) : null,
    bidCount: row.bidCount,
    leader,
    // An auction without an end cannot take bids: the rules see it as ended.
    endsAt: row.endsAt ?? new Date(0),
  };
}

/** The row's columns the public state is built from. */
export type LiveColumns = Pick<
  AuctionRow,
  | "id"
  | "status"
  | "startPriceMinor"
  | "currentPriceMinor"
  | "reservePriceMinor"
  | "bidCount"
  | "endsAt"
  | "endedAt"
  | "lastBidId"
> &
  // Absent where the caller has no copy (a bid's own answer): the offer is then not shown.
  Partial<Pick<AuctionRow, "buyNowPriceMinor">>;

/** The public state of an auction at `now` (the minimum next bid only while it is live). */
export function liveOf(row: LiveColumns, options: AuctionRuleOptions | null, now: Date): AuctionLive {
  const startPriceMinor = row.startPriceMinor ?? 0;
  // A sold auction without bids was bought now: its price is the one paid.
  const priceMinor =
    row.bidCount > 0 || (row.status === "sold" && row.currentPriceMinor !== null)
      ? (row.currentPriceMinor ?? startPriceMinor)
      : startPriceMinor;
  const live = row.status === "active";
  const minimum =
    live && options
      ? minimumBidFor(
          {
            startPriceMinor,
            reservePriceMinor: row.reservePriceMinor,
            currentPriceMinor: row.bidCount > 0 ? priceMinor : null,
            bidCount: row.bidCount,
            leader: null,
            endsAt: row.endsAt ?? now,
          },
          options.bidTable,
        )
      : null;
  return {
    productId: row.id,
    status: row.status,
    startPriceMinor,
    priceMinor,
    minimumNextBidMinor: minimum,
    minimumCeilingMinor: minimum !== null && options ? minimumAfterBidAt(minimum, options.bidTable) : null,
    bidCount: row.bidCount,
    endsAt: row.endsAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    hasReserve: row.reservePriceMinor !== null,
    reserveMet: row.reservePriceMinor === null || (row.bidCount > 0 && priceMinor >= row.reservePriceMinor),
    buyNowPriceMinor:
      options?.buyNow &&
      buyNowOffered(
        {
          ...row,
          buyNowPriceMinor: row.buyNowPriceMinor ?? null,
          currentPriceMinor: row.bidCount > 0 ? priceMinor : null,
        },
        options.buyNow,
        now,
      )
        ? (row.buyNowPriceMinor ?? null)
        : null,
    lastBidId: row.lastBidId ?? 0,
    serverNow: now.toISOString(),
  };
}

/** The bidders' usernames (the users module's), by id: the public history masks them. */
export async function usernamesOf(executor: Db, ids: number[]): Promise<Map<number, string>> {
  const names = await publicNamesOf(executor, ids);
  return new Map(names.map((name) => [name.id, name.username]));
}

/** The public history rows after `afterId` (all when 0), up to `beforeOrAt` when given, oldest first. */
export async function publicBids(
  executor: Db,
  productId: number,
  afterId = 0,
  beforeOrAt?: number,
): Promise<PublicBid[]> {
  const rows = await executor
    .select({
      id: bids.id,
      amountMinor: bids.amountMinor,
      at: bids.createdAt,
      kind: bids.kind,
      userId: bids.userId,
    })
    .from(bids)
    .where(
      and(
        eq(bids.productId, productId),
        ne(bids.kind, "max_raise"),
        gt(bids.id, afterId),
        beforeOrAt === undefined ? undefined : lte(bids.id, beforeOrAt),
      ),
    )
    .orderBy(asc(bids.id));
  const names = await usernamesOf(
    executor,
    rows.map((row) => row.userId),
  );
  return rows.flatMap((row): PublicBid[] => {
    const username = names.get(row.userId);
    // Every bid has its bidder (the foreign key keeps accounts with bids); a missing one is not shown.
    if (username === undefined) return [];
    return [
      {
        id: row.id,
        amountMinor: row.amountMinor,
        at: row.at.toISOString(),
        bidder: maskUsername(username),
        automatic: row.kind === "automatic",
      },
    ];
  });
}
