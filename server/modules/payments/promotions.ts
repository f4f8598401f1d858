import type { FieldProblems } from "#core/contracts/errors.ts";
import type { PromotionUnavailable } from "#core/contracts/payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { type Fee, type PromotionFees, promotionFee, readPromotionFees } from "#core/rules/fees.ts";
import type { MyListing } from "../listings/index.ts";
import { cancelReplacedOrders, createOrder } from "../orders/index.ts";
import type { PaymentsContext, PaymentUser } from "./context.ts";
import { viewOrder } from "./orders/view.ts";
import { promotionLineText } from "./payment-text.ts";
import { earlierOrder, heldKeyWasUsed, type RepeatableOrder, userRequestKey } from "./request-keys.ts";

/**
 * Promotion (topování) of a live listing for a number of days (docs/product/fees.md): the offer
 * the promotion page shows, and the order that buys it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The days a seller picks from on the promotion page, within the price list's range. */
export const PROMOTION_DAY_CHOICES = [1, 3, 7, 14, 30] as const;

export type PromotionOffer = {
  listing: MyListing;
  /** The listing may be promoted now (live); otherwise `reason` says why not (its page and the API say it). */
  available: boolean;
  reason: PromotionUnavailable | null;
  toppedUntil: string | null;
  prices: PromotionFees;
  /** The longest promotion that still makes sense: the price list's maximum, cut at the listing's end. */
  maxDays: number;
  choices: { days: number; fee: Fee }[];
};

/** Days left until the listing ends (a promotion past the end buys nothing), counted from `from`. */
function daysUntilEnd(listing: MyListing, from: Date): number | null {
  if (!listing.endsAt) return null;
  return Math.ceil((new Date(listing.endsAt).getTime() - from.getTime()) / DAY_MS);
}

/** The promotion page: prices, the days that make sense for this listing, what it costs. */
export async function promotionOffer(
  ctx: PaymentsContext,
  user: PaymentUser,
  productId: number,
  locale: Locale,
): Promise<PromotionOffer | null> {
  const listing = await ctx.listings.listing(user.id, productId, locale);
  if (!listing) return null;
  const prices = readPromotionFees(await ctx.settings.get("fees"));
  const toppedUntil = listing.toppedUntil;
  const from = new Date(Math.max(ctx.now().getTime(), toppedUntil ? Date.parse(toppedUntil) : 0));
  const left = daysUntilEnd(listing, from);
  const maxDays = Math.min(prices?.maxDays ?? 0, left ?? Number.POSITIVE_INFINITY);
  let reason: PromotionUnavailable | null = null;
  if (!prices) reason = "unavailable";
  else if (!listing.actions.top) reason = "not_live";
  else if (maxDays < prices.minDays) reason = "topped_to_end";
  const discount = user.group?.discount ?? 0;
  const choices =
    prices && !reason
      ? [...new Set([...PROMOTION_DAY_CHOICES, maxDays])]
          .filter((days) => days >= prices.minDays && days <= maxDays)
          .sort((a, b) => a - b)
          .map((days) => ({ days, fee: promotionFee(prices, days, discount) }))
      : [];
  return {
    listing,
    available: reason === null,
    reason,
    toppedUntil,
    prices: prices ?? { perDayMinor: 0, minDays: 1, maxDays: 0 },
    maxDays: Math.max(0, maxDays),
    choices,
  };
}

/**
 * Orders a promotion of the caller's live listing for `days` days (the price list's range, cut
 * at the listing's end), the group discount applied. An earlier unpaid promotion order of the
 * listing is cancelled: the seller changed their mind about the days. A repeat of the request's
 * key (the form sent twice, a retry) answers the order the first request made (ADR 0069).
 */
export async function orderPromotion(
  ctx: PaymentsContext,
  user: PaymentUser,
  productId: number,
  days: unknown,
  locale: Locale,
  idempotencyKey: string | null = null,
): Promise<
  Ok<RepeatableOrder> | Err<"not_found" | PromotionUnavailable | "key_reused"> | Err<"invalid", FieldProblems>
> {
  const key = userRequestKey(user.id, idempotencyKey, {
    request: "promotion",
    productId,
    days: typeof days === "number" ? days : String(days),
  });
  const repeat = await earlierOrder(ctx, user.id, key, locale);
  if (repeat) return repeat;
  const current = await promotionOffer(ctx, user, productId, locale);
  if (!current) return err("not_found");
  if (current.reason) return err(current.reason);
  const { prices } = current;
  if (typeof days !== "number" || !Number.isInteger(days) || days < prices.minDays || days > current.maxDays)
    return err("invalid", {
      days: [{ key: "payments.errors.days", values: { min: prices.minDays, max: current.maxDays } }],
    });
  const fee = promotionFee(prices, days, user.group?.discount ?? 0);
  const placed = await ctx.db.transaction(async (tx) => {
    // A concurrent repeat waits here, then answers the order the first one made.
    if (await heldKeyWasUsed(tx, user.id, key)) return { repeat: true };
    const at = ctx.now();
    const created = await createOrder(
      tx,
      {
        userId: user.id,
        email: user.email,
        locale: user.locale === "en" ? "en" : "cs",
        kind: "promotion",
        productId,
        promotionDays: days,
        subtotalMinor: fee.baseMinor,
        discountMinor: fee.discountMinor,
        totalMinor: fee.amountMinor,
        item: {
          description: promotionLineText(days, current.listing.name),
          quantity: days,
          unitPriceMinor: prices.perDayMinor,
        },
        requestKey: key,
      },
      at,
    );
    await cancelReplacedOrders(tx, { productId, kind: "promotion", keepId: created.id }, ctx.now());
    return { created };
  });
  if (!placed.created) return (await earlierOrder(ctx, user.id, key, locale))!;
  return ok(await viewOrder(ctx, placed.created, locale));
}
