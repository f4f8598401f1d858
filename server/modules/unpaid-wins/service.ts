import { formatShortDateTime } from "#core/formats/dates.ts";
import type { Locale } from "#core/i18n/index.ts";
import { formatPrice } from "#core/money/money.ts";
import { err } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { type DealFlow, type DealTermsSource, dealOf, liveDealOf } from "../deals/index.ts";
import type { Notifier } from "../messages/index.ts";
import { offerRowsOf, secondChanceStateOf } from "./reads.ts";
import {
  acceptOffer,
  declineOffer,
  offerOfUnpaidDeal,
  offerSecondChance,
  openOffersOf,
} from "./second-chance.ts";
import { isBiddingSuspended } from "./strikes.ts";
import type { SecondChanceOffer } from "./tables.ts";

/** What the unpaid wins are built from (server/wiring/deals.ts). */
export type UnpaidWinsDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  /** The deals' flow: whether deals through the site are on, and the deal an accepted offer starts. */
  deals: Pick<DealFlow, "activeSetting" | "startDeal">;
  /** The listings' delivery options, read in the offer's transaction. */
  terms: DealTermsSource;
  now?: () => Date;
};

/** The runner-up's second-chance offer: the item at their highest bid, until `expiresAt` (Nákupy). */
const tellRunnerUp = (notifier: UnpaidWinsDeps["notifier"], tx: Db, offer: SecondChanceOffer) =>
  notifier.notify(tx, offer.buyerId, "deal_second_chance", {
    productId: offer.productId,
    link: { page: "accountPurchases" },
    variant: "buyer",
    values: { price: formatPrice(offer.priceMinor, null), date: formatShortDateTime(offer.expiresAt, "cs") },
    payload: { offerId: offer.id },
    onceKey: `offer:${offer.id}`,
  });

/**
 * The winner who does not pay (issue 35, item 7; docs/product/deals.md): the strike an unpaid won
 * auction gives its buyer (recorded by the deals' payment deadline through `recordStrike`, wired
 * in server/wiring/deals.ts, in its transaction), bidding suspended at the second, and the seller's second-chance offer to the
 * runner-up or relisting without a fee. The tables are this module's; the deals are the deals
 * module's, read and started through its index and flow.
 */
export function createUnpaidWinsService(deps: UnpaidWinsDeps) {
  const { db, now = () => new Date() } = deps;
  return {
    /** Two won auctions left unpaid in 12 months, not cleared by the operator: no bidding. */
    biddingSuspended: (userId: number) => isBiddingSuspended(db, userId, now()),
    ...secondChanceSteps(deps, now),
  };
}

export type UnpaidWinsService = ReturnType<typeof createUnpaidWinsService>;

/** The seller's choice on an unpaid win: the runner-up's second chance, or relisting without a fee. */
function secondChanceSteps({ db, notifier, deals, terms }: UnpaidWinsDeps, now: () => Date) {
  const setting = deals.activeSetting;
  return {
    /** The seller of a deal left unpaid offers the item to the runner-up at their highest bid. */
    async offerSecondChance(dealId: number, sellerId: number) {
      const on = await setting();
      if (!on) return err("unavailable" as const);
      return db.transaction(async (tx) => {
        const offered = await offerSecondChance(tx, {
          dealId,
          sellerId,
          hours: on.secondChanceHours,
          now: now(),
        });
        if (offered.ok) await tellRunnerUp(notifier, tx, offered.value);
        return offered;
      });
    },
    /**
     * May the seller list the item of a deal the winner left unpaid again, without a fee (issue
     * 35, item 7)? Its listing's id when so: the deal is the seller's, ended unpaid, no other deal
     * holds the item and no second-chance offer is open or accepted. The listings relist it.
     */
    async unpaidRelistable(dealId: number, sellerId: number): Promise<number | null> {
      const deal = await dealOf(db, dealId);
      if (
        !deal ||
        deal.sellerId !== sellerId ||
        deal.status !== "cancelled_unpaid" ||
        deal.source !== "auction"
      )
        return null;
      if (await liveDealOf(db, deal.productId)) return null;
      const offer = secondChanceStateOf(await offerOfUnpaidDeal(db, deal.id), 0, now()).offer;
      return offer === null || offer.state === "declined" || offer.state === "expired"
        ? deal.productId
        : null;
    },
    /** The seller's second chance on a deal the winner left unpaid (its page); null where it does not apply. */
    async secondChanceOf(deal: { id: number; status: string; source: string; role: string }) {
      const on = await setting();
      if (!on || deal.role !== "seller" || deal.status !== "cancelled_unpaid" || deal.source !== "auction")
        return null;
      return secondChanceStateOf(await offerOfUnpaidDeal(db, deal.id), on.secondChanceHours, now());
    },
    /** The user's open second-chance offers (Nákupy). */
    openOffers: (userId: number) => openOffersOf(db, userId, now()),
    openOfferRows: async (userId: number, locale: Locale) =>
      offerRowsOf(db, await openOffersOf(db, userId, now()), locale),

    /** The runner-up accepts: a new deal to pay, as the auction's close would have made. */
    async acceptOffer(offerId: number, userId: number) {
      const on = await setting();
      if (!on) return err("deals_off" as const);
      return db.transaction((tx) =>
        acceptOffer(tx, {
          offerId,
          userId,
          now: now(),
          setting: on,
          startDeal: deals.startDeal,
          // Read in the offer's transaction (a read beside it would wait for it on one connection).
          optionsOf: async (inner, productId) =>
            (await terms.termsOf(productId, inner))?.deliveryOptions ?? [],
        }),
      );
    },
    declineOffer: (offerId: number, userId: number) => declineOffer(db, offerId, userId, now()),
  };
}
