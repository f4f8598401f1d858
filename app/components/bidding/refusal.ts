import { type Locale, translate } from "#app/i18n/index.ts";
import { formatPrice } from "#app/lib/money.ts";
import type { BidRefusal } from "./types.ts";

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

/** The HTTP status of a refusal: 404 unknown, 403 not allowed to bid, 409 not live, 422 the amounts. */
export function refusalStatus(reason: BidRefusal): 403 | 404 | 409 | 422 {
  switch (reason) {
    case "not_found":
      return 404;
    case "own_item":
    case "email_not_confirmed":
    case "adult_not_confirmed":
      return 403;
    case "not_active":
    case "ended":
      return 409;
    default:
      return 422;
  }
}
