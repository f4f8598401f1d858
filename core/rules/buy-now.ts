import type { Locale } from "../i18n/index.ts";
import { formatPrice } from "../money/money.ts";
import type { BuyNowSetting } from "../schemas/settings.ts";

/**
 * Buy-it-now on auctions (docs/product/auctions.md, "Buy it now"): the seller's fixed price at
 * which a buyer may end the auction at once. Pure rules, shared by the listing form's check, the
 * server's purchase (under the auction's row lock) and the page that offers the button.
 * Amounts in CZK minor units.
 */

/**
 * The lowest buy-it-now price the seller may set: the start price plus the setting's percentage,
 * rounded up to whole crowns (prices are typed in crowns).
 */
export function lowestBuyNowPrice(startPriceMinor: number, setting: Pick<BuyNowSetting, "minAbovePercent">) {
  const exact = Math.ceil((startPriceMinor * (100 + setting.minAbovePercent)) / 100);
  return Math.ceil(exact / 100) * 100;
}

/** Why a seller's buy-it-now price is refused, or null when it may be set. */
export function buyNowPriceProblem(
  input: { buyNowPriceMinor: number; startPriceMinor: number; reservePriceMinor: number | null },
  setting: Pick<BuyNowSetting, "minAbovePercent">,
): "below_lowest" | "below_reserve" | null {
  if (input.buyNowPriceMinor < lowestBuyNowPrice(input.startPriceMinor, setting)) return "below_lowest";
  // Buying below the reserve would sell at a price the seller said they would not accept.
  if (input.reservePriceMinor !== null && input.buyNowPriceMinor < input.reservePriceMinor)
    return "below_reserve";
  return null;
}

/** The form's problem with a buy-it-now price (a message key and its values), or null. */
export function buyNowFieldProblem(
  input: {
    buyNowPriceMinor: number | null;
    startPriceMinor: number | null;
    reservePriceMinor: number | null;
  },
  setting: Pick<BuyNowSetting, "minAbovePercent">,
  locale: Locale,
): {
  key: "listings.errors.buyNowTooLow" | "listings.errors.buyNowBelowReserve";
  values?: Record<string, string>;
} | null {
  const { buyNowPriceMinor, startPriceMinor, reservePriceMinor } = input;
  if (buyNowPriceMinor === null || startPriceMinor === null) return null;
  const problem = buyNowPriceProblem({ buyNowPriceMinor, startPriceMinor, reservePriceMinor }, setting);
  if (problem === "below_reserve") return { key: "listings.errors.buyNowBelowReserve" };
  if (problem !== "below_lowest") return null;
  const minimum = formatPrice(lowestBuyNowPrice(startPriceMinor, setting), null, { locale });
  return {
    key: "listings.errors.buyNowTooLow",
    values: { minimum, percent: String(setting.minAbovePercent) },
  };
}

/** The auction's state the offer depends on. */
export type BuyNowState = {
  status: string;
  buyNowPriceMinor: number | null;
  bidCount: number;
  /** The leading price; ignored before the first bid. */
  currentPriceMinor: number | null;
  reservePriceMinor: number | null;
  endsAt: Date | null;
};

/**
 * Whether buy-it-now is offered at `now`: a live auction with a buy-it-now price, before its end,
 * until the first bid; with `untilReserveMet`, until the reserve is met instead (without a reserve:
 * until the first bid), and never once the price has reached the buy-it-now price.
 */
export function buyNowOffered(
  state: BuyNowState,
  setting: Pick<BuyNowSetting, "untilReserveMet">,
  now: Date,
) {
  if (state.status !== "active" || state.buyNowPriceMinor === null) return false;
  if (!state.endsAt || state.endsAt.getTime() <= now.getTime()) return false;
  if (state.bidCount === 0) return true;
  if (!setting.untilReserveMet || state.reservePriceMinor === null) return false;
  const price = state.currentPriceMinor ?? 0;
  return price < state.reservePriceMinor && price < state.buyNowPriceMinor;
}
