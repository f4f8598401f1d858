import type { BuyNowRefusal } from "#core/contracts/bid-refusal.ts";
import { buyNowOffered } from "#core/rules/buy-now.ts";
import type { Db } from "#server/db/client.ts";
import { lockAuction, buyNow as sellAtBuyNowPrice } from "../listings/index.ts";
import type { AuctionSoldHook } from "./close-auction.ts";
import { notifyAuctionChange } from "./events.ts";
import type { AuctionNotices } from "./notices.ts";
import type { Bidder } from "./place-bid.ts";
import type { AuctionSettings } from "./rule-options.ts";

/**
 * Buy-it-now (docs/product/auctions.md, "Buy it now"): a buyer ends a live auction at once at the
 * seller's buy-it-now price, and the sale goes on as a won auction's does (the deal through the
 * site, the notices, the conversation).
 *
 * Decided under the auction's row lock, the very lock bid_decision() takes: a bid and a purchase
 * arriving together are decided one after the other, and the later one sees the earlier one's
 * result (a bid makes the offer disappear; a purchase ends the auction, so the bid is refused as
 * `ended`). The price is the stored one, never the page's. Who may buy is who may bid.
 */

export type { BuyNowRefusal };

export type BuyNowResult =
  | { ok: false; reason: BuyNowRefusal }
  | {
      ok: true;
      priceMinor: number;
      /** A deal through the site follows (pay there). */
      dealFollows: boolean;
      /** The buyer had bought it already (a repeated click): nothing new happened. */
      repeated: boolean;
    };

export function createBuyNow(deps: {
  db: Db;
  auctionSettings: AuctionSettings;
  notices: Pick<AuctionNotices, "sendCloseNotices">;
  onSold?: AuctionSoldHook;
  biddingSuspended?: (userId: number) => Promise<boolean>;
  ageVerified?: (userId: number) => Promise<boolean>;
}) {
  const { db } = deps;
  return {
    /** Buys the auction at its buy-it-now price, once; a repeat by the same buyer answers the same sale. */
    async buyNow(input: { productId: number; buyer: Bidder; now?: Date }): Promise<BuyNowResult> {
      const { buyer } = input;
      if (await deps.biddingSuspended?.(buyer.id)) return { ok: false, reason: "bidding_suspended" };
      if (deps.ageVerified && !(await deps.ageVerified(buyer.id)))
        return { ok: false, reason: "age_unverified" };
      const setting = await deps.auctionSettings.buyNow();
      return db.transaction(async (tx): Promise<BuyNowResult> => {
        const row = await lockAuction(tx, input.productId);
        if (!row) return { ok: false, reason: "not_found" };
        // A second click (or a retried request) after the sale: the same answer, nothing stored.
        if (
          row.status === "sold" &&
          row.winnerId === buyer.id &&
          row.buyNowPriceMinor !== null &&
          row.currentPriceMinor === row.buyNowPriceMinor
        )
          return { ok: true, priceMinor: row.buyNowPriceMinor, dealFollows: false, repeated: true };
        if (row.sellerId === buyer.id) return { ok: false, reason: "own_item" };
        if (!buyer.emailConfirmed) return { ok: false, reason: "email_not_confirmed" };
        if (!buyer.adultConfirmed) return { ok: false, reason: "adult_not_confirmed" };
        if (["draft", "in_review", "awaiting_payment", "scheduled"].includes(row.status))
          return { ok: false, reason: "not_active" };
        // The instant is taken once the lock is held, as a bid's is.
        const at = input.now ?? new Date();
        if (row.status !== "active" || !row.endsAt || row.endsAt.getTime() <= at.getTime())
          return { ok: false, reason: "ended" };
        if (!buyNowOffered(row, setting, at) || row.buyNowPriceMinor === null || row.sellerId === null)
          return { ok: false, reason: "buy_now_unavailable" };
        const priceMinor = row.buyNowPriceMinor;
        await sellAtBuyNowPrice(tx, row.id, { buyerId: buyer.id, priceMinor, at });
        const dealFollows = deps.onSold
          ? await deps.onSold(tx, {
              productId: row.id,
              winnerId: buyer.id,
              sellerId: row.sellerId,
              priceMinor,
              at,
            })
          : false;
        await deps.notices.sendCloseNotices(
          tx,
          row,
          { outcome: "sold", winnerId: buyer.id, priceMinor },
          dealFollows,
        );
        await notifyAuctionChange(tx, { productId: row.id, event: "closed" });
        return { ok: true, priceMinor, dealFollows, repeated: false };
      });
    },
  };
}
