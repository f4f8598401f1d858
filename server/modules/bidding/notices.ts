import { eq } from "drizzle-orm";
import type { AuctionOutcome } from "#core/lifecycles/auction.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import {
  type AuctionRow,
  auctionsEndingSoonIds,
  lockAuction,
  markEndingNoticeSent,
  readAuction,
} from "../listings/index.ts";
import { type Notifier, openProductThread } from "../messages/index.ts";
import { type NoticeRecipient, recipientsOf } from "../users/index.ts";
import { watchersOf } from "../wishlist/index.ts";
import { bids } from "./tables.ts";

/**
 * What auctions tell people, through the messages module's notifier: a system message in the
 * user's system thread (linking the conversation with the other side when there is one, else the
 * auction) and, unless they turned the kind's e-mails off, a mail in their language; both inside
 * the caller's transaction, so a notice exists if and only if what it reports committed.
 */

/**
 * Watchers hear that an auction ends within this time: 1 hour before the end
 * (docs/product/auctions.md, "Notices about an auction").
 */
export const ENDING_SOON_MS = 3600 * 1000;

type AuctionNoticeKind =
  | "outbid"
  | "leading"
  | "won"
  | "sold"
  | "unsold"
  | "lost"
  | "no_winner"
  | "ending_soon";

/** A job's request to tell a bidder where they stand after the bid `bidId`. */
export type StandingNotice = { productId: number; userId: number; bidId: number };

type SendNotice = (
  tx: Db,
  user: NoticeRecipient,
  event: AuctionNoticeKind,
  productId: number,
  params: Record<string, string | number>,
  extra?: {
    payload?: Record<string, unknown>;
    onceKey?: string;
    /** A variant of the kind's texts and the page it links to instead of the conversation. */
    variant?: string;
    page?: "accountPurchases" | "accountSales";
  },
) => Promise<void>;

/** One notice to one user; an anonymised account gets none. */
function createNoticeSender(notifier: Pick<Notifier, "notify">): SendNotice {
  return async (tx, user, event, productId, params, extra = {}) => {
    if (user.deleted) return;
    const threadId = extra.payload?.threadId;
    await notifier.notify(tx, user.id, event, {
      productId,
      values: params,
      payload: extra.payload,
      onceKey: extra.onceKey,
      variant: extra.variant,
      link: extra.page
        ? { page: extra.page }
        : typeof threadId === "number"
          ? { page: "accountMessageThread", params: { threadId } }
          : undefined,
    });
  };
}

/**
 * A sold auction: the winner and the seller get a conversation about the product, and each
 * hears of the sale with a link to it.
 */
async function sendSoldNotices(
  tx: Db,
  sendNotice: SendNotice,
  sale: {
    row: AuctionRow;
    winnerId: number;
    price: string;
    people: Map<number, NoticeRecipient>;
    /** The deal through the site follows (issue 35): pay there, not in the conversation. */
    dealFollows: boolean;
  },
) {
  const { row, winnerId, price, people, dealFollows } = sale;
  const winner = people.get(winnerId);
  const seller = row.sellerId ? people.get(row.sellerId) : undefined;
  let threadId: number | null = null;
  if (row.sellerId) {
    const thread = await openProductThread(tx, {
      productId: row.id,
      sellerId: row.sellerId,
      buyerId: winnerId,
    });
    threadId = thread.threadId;
  }
  const payload = { productId: row.id, threadId };
  const deal = (page: "accountPurchases" | "accountSales") => (dealFollows ? { variant: "deal", page } : {});
  if (winner)
    await sendNotice(tx, winner, "won", row.id, { price }, { payload, ...deal("accountPurchases") });
  if (seller)
    await sendNotice(
      tx,
      seller,
      "sold",
      row.id,
      { price, buyer: winner?.username ?? "" },
      { payload, ...deal("accountSales") },
    );
}

/** The close's notices: winner and seller (or the seller alone), then every other bidder. */
async function sendCloseNotices(
  tx: Db,
  sendNotice: SendNotice,
  row: AuctionRow,
  result: AuctionOutcome,
  dealFollows: boolean,
) {
  const bidderRows = await tx
    .selectDistinct({ userId: bids.userId })
    .from(bids)
    .where(eq(bids.productId, row.id));
  const bidderIds = bidderRows.map((bidder) => bidder.userId);
  // The winner too: one who bought it now may never have bid.
  const winnerIds = result.outcome === "sold" ? [result.winnerId] : [];
  const people = await recipientsOf(tx, [
    ...new Set([...bidderIds, ...winnerIds, ...(row.sellerId ? [row.sellerId] : [])]),
  ]);
  const price = formatPrice(
    result.outcome === "sold" ? result.priceMinor : (row.currentPriceMinor ?? row.startPriceMinor ?? 0),
    null,
  );
  const payload = { productId: row.id };
  const seller = row.sellerId ? people.get(row.sellerId) : undefined;
  if (result.outcome === "sold")
    await sendSoldNotices(tx, sendNotice, { row, winnerId: result.winnerId, price, people, dealFollows });
  else if (seller)
    await sendNotice(
      tx,
      seller,
      "unsold",
      row.id,
      { price },
      { payload: { ...payload, reason: result.reason } },
    );
  for (const bidderId of bidderIds) {
    if (result.outcome === "sold" && bidderId === result.winnerId) continue;
    const bidder = people.get(bidderId);
    // Without a winner (the reserve was not met) nobody else won either.
    const event = result.outcome === "sold" ? "lost" : "no_winner";
    if (bidder) await sendNotice(tx, bidder, event, row.id, { price }, { payload });
  }
}

export function createAuctionNotices(deps: { db: Db; notifier: Pick<Notifier, "notify"> }) {
  const { db } = deps;
  const sendNotice = createNoticeSender(deps.notifier);

  /**
   * "Outbid" or "still leading", once per bid (the job may run twice), and only if it is still
   * true when the job runs: back in the lead, or the auction over, and there is nothing to say.
   */
  async function sendStandingNotice(input: StandingNotice, event: "outbid" | "leading") {
    await db.transaction(async (tx) => {
      const row = await readAuction(tx, input.productId);
      const leads = row?.leaderId === input.userId;
      if (row?.status !== "active" || leads !== (event === "leading")) return;
      const [user] = (await recipientsOf(tx, [input.userId])).values();
      if (!user) return;
      await sendNotice(
        tx,
        user,
        event,
        input.productId,
        { price: formatPrice(row.currentPriceMinor ?? 0, null) },
        { payload: { productId: input.productId, bidId: input.bidId }, onceKey: `bid-${input.bidId}` },
      );
    });
  }

  /** "Ending soon" for one auction's watchers, once (ending_notice_at, set in the same transaction). */
  async function sendEndingSoonToWatchers(productId: number, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const row = await lockAuction(tx, productId);
      if (!row || row.endingNoticeAt || row.status !== "active" || !row.endsAt) return 0;
      await markEndingNoticeSent(tx, [productId], now);
      const people = await recipientsOf(tx, await watchersOf(tx, productId));
      const minutes = Math.max(1, Math.round((row.endsAt.getTime() - now.getTime()) / 60_000));
      for (const person of people.values())
        await sendNotice(tx, person, "ending_soon", productId, { minutes }, { payload: { productId } });
      return people.size;
    });
  }

  return {
    /** The close's notices, in the close's transaction. */
    sendCloseNotices: (tx: Db, row: AuctionRow, result: AuctionOutcome, dealFollows = false) =>
      sendCloseNotices(tx, sendNotice, row, result, dealFollows),

    /** The outbid notice (a job, so that the bid itself stays short); at most once per outbidding bid. */
    notifyOutbid: (input: StandingNotice) => sendStandingNotice(input, "outbid"),

    /** The "still leading" notice (a job, like the outbid one); once per answered bid, only while still leading. */
    notifyLeading: (input: StandingNotice) => sendStandingNotice(input, "leading"),

    /**
     * "Ending soon" for the watchers (wishlist items of signed-in users) of every active auction
     * that ends within the hour, once per auction (`signal` as closeOverdue's). Returns how many were told.
     */
    async notifyEndingSoon(now = new Date(), signal?: AbortSignal): Promise<number> {
      let sent = 0;
      for (const id of await auctionsEndingSoonIds(db, now, ENDING_SOON_MS)) {
        if (signal?.aborted) break;
        sent += await sendEndingSoonToWatchers(id, now);
      }
      return sent;
    },
  };
}

export type AuctionNotices = ReturnType<typeof createAuctionNotices>;
