import { type Locale, translate } from "../i18n/index.ts";
import { formatPrice } from "../money/money.ts";
import type { BidRefusal } from "./bidding.ts";

/** The translated reason of a refused bid, with the minimum in CZK (bids are in CZK). */
export function refusalMessage(locale: Locale, reason: BidRefusal, minimumMinor?: number): string {
  return translate(locale, `bidding.refusal.${reason}`, {
    minimum: minimumMinor === undefined ? "" : formatPrice(minimumMinor, null, { locale }),
  });
}

/** The form field a refusal belongs to (null: the bid as a whole). */
export function refusalField(reason: BidRefusal): "amount" | "max" | null {
  if (reason === "below_minimum") return "amount";
  if (reason === "max_below_amount" || reason === "max_not_raised") return "max";
  return null;
}
