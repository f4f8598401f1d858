import type { AllInBreakdown } from "#core/contracts/deal-offer.ts";
import { err, ok, type Result } from "#core/result.ts";
import { readDealFees } from "#core/rules/deal-fees.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { productSummaries } from "../../listing-reads/index.ts";
import { lockListing } from "../../listings/index.ts";
import { groupDiscountsOf } from "../../users/index.ts";
import {
  type BuyRefusal,
  buyableRefusal,
  liveDealOf,
  MAX_UNPAID_PURCHASES,
  quoteOptions,
  unpaidPurchasesOf,
} from "../buying-quote.ts";
import type { FlowContext } from "./context.ts";

export type { BuyRefusal } from "../buying-quote.ts";

/** The buy step's figures (the page shows the item from the product page's own read). */
export type BuyQuote = {
  productId: number;
  priceMinor: number;
  options: { carrier: DeliveryOption["carrier"]; breakdown: AllInBreakdown }[];
  /** The option chosen at first: the cheapest shipping (the one the product page's total counted). */
  preselected: DeliveryOption["carrier"];
  /** The buyer's own live deal of the listing (bought already: the page goes on to pay it). */
  ownDealId: number | null;
};

export type BuyRequest = {
  productId: number;
  buyerId: number;
  carrier: DeliveryOption["carrier"];
  /** The form's key: a double submit of one form makes one deal. */
  requestKey: string;
};

/** Where a listing stands for "Koupit" on the product page. */
export type BuyState =
  | { state: "buyable" | "reserved" | "own" | "none" }
  /** The viewer bought it already: their deal, to pay or follow. */
  | { state: "mine"; dealId: number };

/** "Koupit" clicks per buyer an hour (far more than anyone buys; a script meets the limit). */
export const PURCHASES_PER_HOUR = 30;

/** A form's request key: letters, digits, dashes, 8 to 64 of them. */
const REQUEST_KEY = /^[A-Za-z0-9-]{8,64}$/;

/**
 * "Koupit" (issue 35, item 1): a fixed-price classified whose seller takes payment through the
 * site is bought at its price with the buyer's chosen delivery. The deal is made in one
 * transaction under the listing's row lock (the seller's withdrawal queues on it too), at the
 * listing's price and the listing's delivery price, never the browser's; the database keeps one
 * live deal per listing, so a second buyer is refused as `taken`.
 */
export function buyingSteps(ctx: FlowContext) {
  const { db, now, setting } = ctx;
  const perBuyer = new RateLimiter({
    name: "deal-purchases",
    limit: PURCHASES_PER_HOUR,
    windowMs: 3600_000,
    now: () => now().getTime(),
  });

  async function quote(productId: number, buyerId: number | null): Promise<Result<BuyQuote, BuyRefusal>> {
    const on = await setting();
    const fees = on ? readDealFees(on) : null;
    if (!fees) return err("deals_off");
    const product = (await productSummaries(db, [productId])).get(productId);
    const terms = product ? await ctx.terms.termsOf(productId) : null;
    const refused = buyableRefusal(product, terms, buyerId);
    if (refused) return err(refused);
    const held = await liveDealOf(db, productId);
    if (held && held.buyerId !== buyerId) return err("taken");
    // Said on the buy step already, not only at the click (their own deal stays theirs to pay).
    if (!held && buyerId !== null && (await ctx.buyerSuspended?.(db, buyerId, now())))
      return err("buyer_suspended");
    const discount = buyerId === null ? 0 : ((await groupDiscountsOf(db, [buyerId])).get(buyerId) ?? 0);
    const priceMinor = product!.priceMinor!;
    const quoted = quoteOptions(fees, priceMinor, terms!.deliveryOptions, discount);
    return ok({
      productId,
      priceMinor,
      options: quoted.options,
      preselected: quoted.preselected!,
      ownDealId: held?.id ?? null,
    });
  }

  return {
    /** The buy step's options and breakdowns for the buyer (a visitor: without a group discount). */
    buyQuote: quote,

    /** "Koupit" on the product page: offered, reserved by a live deal, the seller's own, or none. */
    async buyState(productId: number, viewerId: number | null): Promise<BuyState> {
      if (!(await setting())) return { state: "none" };
      const product = (await productSummaries(db, [productId])).get(productId);
      const terms = product ? await ctx.terms.termsOf(productId) : null;
      const refused = buyableRefusal(product, terms, viewerId);
      if (refused !== null && refused !== "own_listing") return { state: "none" };
      const held = await liveDealOf(db, productId);
      if (held && viewerId !== null && held.buyerId === viewerId) return { state: "mine", dealId: held.id };
      if (held) return { state: "reserved" };
      return { state: refused === "own_listing" ? "own" : "buyable" };
    },

    /** Buys the listing: the deal to pay (the same deal again for the same form's key). */
    async buyNow(request: BuyRequest): Promise<Result<{ dealId: number; created: boolean }, BuyRefusal>> {
      const on = await setting();
      if (!on) return err("deals_off");
      if (!REQUEST_KEY.test(request.requestKey)) return err("key_reused");
      if (!(await perBuyer.attempt(String(request.buyerId)))) return err("rate_limited");
      return db.transaction((tx) => buyIn(ctx, tx, on, request, now()));
    },

    /**
     * A live deal through the site holds the listing (the listings' hook, server/wiring): its
     * seller may not withdraw it nor mark it sold to someone else meanwhile.
     */
    holdsListing: async (tx: Db, productId: number) => (await liveDealOf(tx, productId)) !== null,

    /** The buyer's own deal of a listing (a won auction's, a purchase's); null when it is not theirs or none. */
    async ownDealOf(productId: number, buyerId: number): Promise<number | null> {
      const held = await liveDealOf(db, productId);
      return held && held.buyerId === buyerId ? held.id : null;
    },
  };
}

/**
 * The purchase in its transaction, under the listing's row lock (the seller's withdrawal and "mark
 * sold" queue on it): the listing checked again, a live deal answered (the buyer's own again,
 * another's `taken`), then the deal at the listing's price and the chosen option's price.
 */
async function buyIn(
  ctx: FlowContext,
  tx: Db,
  on: DealsSetting,
  request: BuyRequest,
  at: Date,
): Promise<Result<{ dealId: number; created: boolean }, BuyRefusal>> {
  if (!(await lockListing(tx, request.productId))) return err("not_found");
  const product = (await productSummaries(tx, [request.productId])).get(request.productId);
  const terms = product ? await ctx.terms.termsOf(request.productId, tx) : null;
  const refused = buyableRefusal(product, terms, request.buyerId);
  if (refused) return err(refused);
  // Bought already: the buyer's own deal again (a second tab); another buyer's, taken.
  const held = await liveDealOf(tx, request.productId);
  if (held) return held.buyerId === request.buyerId ? ok({ dealId: held.id, created: false }) : err("taken");
  // A buyer who left two won auctions unpaid would hold this listing against every other buyer.
  if (await ctx.buyerSuspended?.(tx, request.buyerId, at)) return err("buyer_suspended");
  if ((await unpaidPurchasesOf(tx, request.buyerId)) >= MAX_UNPAID_PURCHASES) return err("unpaid_purchases");
  const made = await ctx.startDeal(
    tx,
    on,
    terms!.deliveryOptions,
    {
      source: "buy_now",
      productId: request.productId,
      buyerId: request.buyerId,
      sellerId: product!.sellerId!,
      priceMinor: product!.priceMinor!,
      requestKey: `buy:${request.buyerId}:${request.requestKey}`,
      at,
      carrier: request.carrier,
    },
    { actorId: request.buyerId, reason: null, at },
  );
  if (!made.ok) return err(made.code === "no_terms" ? "not_buyable" : made.code);
  return ok({ dealId: made.value.deal.id, created: made.value.created });
}
