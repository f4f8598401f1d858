import type { FormReply } from "#app/ui/forms/conform.ts";
import type { AuctionLive, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";
import type { AllInBreakdown } from "#core/contracts/deal-offer.ts";

/**
 * What the product page's bid action answers (app/routes/catalog/product.server.ts): the binding
 * confirmation to ask for, a refusal as the form's field errors, or the accepted bid's new state.
 */
export type BidActionData =
  | {
      intent: "bid";
      status: "confirm";
      /** The amount; for "bid the minimum", the minimum at this moment (it may rise until placed). */
      amountMinor: number;
      maxMinor: number | null;
      raise: boolean;
      /** "Bid the minimum" with this ceiling; null for an amount. */
      notAboveMinor: number | null;
      /** The amount with delivery and buyer protection, while the listing is sold through the site. */
      allIn?: AllInBreakdown | null;
    }
  /** `minimum`: the refusal answers "Přihodit minimum" (shown at that button). */
  | { intent: "bid"; status: "refused"; result: FormReply; minimum: boolean }
  | {
      intent: "bid";
      status: "accepted";
      live: AuctionLive;
      bids: PublicBid[];
      viewer: ViewerStanding;
      extended: boolean;
    };

/**
 * Whether a submission (a navigation's, a revalidation's) is the bid form's: its `intent` field, as
 * core/schemas/bid.ts's BidIntentSchema reads it, without loading zod on the product page (ADR 0039).
 */
export function isBidSubmission(formData: FormData | undefined): boolean {
  return formData?.get("intent") === "bid";
}

/**
 * The product page's query that brings back the amounts a bidder typed before the age check sent
 * them away (issue 36): `?castka=1500&max=2000`, in crowns.
 */
export const BID_AMOUNT_PARAM = "castka";
export const BID_MAX_PARAM = "max";
