import { type Locale, translate } from "../i18n/index.ts";
import { formatPrice } from "../money/money.ts";
import type { BidRefusal } from "./bidding.ts";

/**
 * The translated reason of a refused bid, with the minimum in CZK (bids are in CZK) and, for a
 * "bid the minimum" request refused above its ceiling, that ceiling.
 */
export function refusalMessage(
  locale: Locale,
  reason: BidRefusal,
  minimumMinor?: number,
  ceilingMinor?: number,
): string {
  const price = (minor: number | undefined) =>
    minor === undefined ? "" : formatPrice(minor, null, { locale });
  return translate(locale, `bidding.refusal.${reason}`, {
    minimum: price(minimumMinor),
    ceiling: price(ceilingMinor),
  });
}

/** The form field a refusal belongs to (null: the bid as a whole). */
export function refusalField(reason: BidRefusal): "amount" | "max" | "notAboveMinor" | null {
  if (reason === "below_minimum") return "amount";
  if (reason === "max_below_amount" || reason === "max_not_raised") return "max";
  if (reason === "minimum_above_ceiling") return "notAboveMinor";
  return null;
}

/** Why a buy-it-now purchase was refused: the bid's refusals that apply, or the offer is gone. */
export type BuyNowRefusal =
  | Extract<
      BidRefusal,
      | "not_found"
      | "own_item"
      | "email_not_confirmed"
      | "adult_not_confirmed"
      | "not_active"
      | "ended"
      | "bidding_suspended"
      | "age_unverified"
    >
  | "buy_now_unavailable";

/** The translated reason of a refused buy-it-now purchase (the bid's texts where they are the same). */
export function buyNowRefusalMessage(locale: Locale, reason: BuyNowRefusal): string {
  if (reason === "buy_now_unavailable") return translate(locale, "bidding.buyNow.unavailable");
  return refusalMessage(locale, reason);
}
