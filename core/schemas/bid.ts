import { z } from "zod";
import { parseCrowns } from "../money/crowns-input.ts";

/** 100 million CZK in minor units: far above any bottle, far below what a bigint column holds. */
export const MAX_BID_MINOR = 10_000_000_000;

const bidMinor = z.number().int().positive().max(MAX_BID_MINOR);

/**
 * A bid as the API takes it (POST /api/auctions/{id}/bids): minor units, an optional maximum for
 * automatic bidding. The bid form below reads the same amounts from crowns as a person types them.
 */
export const BidInputSchema = z.object({
  amount: bidMinor.meta({ description: "The bid in CZK minor units (haléře)", example: 150_000 }),
  max: bidMinor.nullable().optional().meta({
    description: "Optional maximum for automatic (proxy) bidding, at least the amount",
    example: 200_000,
  }),
});
export type BidInput = z.infer<typeof BidInputSchema>;

const INVALID_AMOUNT = "bidding.refusal.invalid_amount";

/**
 * Crowns as typed ("1 500", "1.500", "1 500,50 Kč") to minor units by the one money parser
 * (core/money/crowns-input.ts), within the API's bounds; anything else is no amount.
 */
const crownsField = z.string({ error: INVALID_AMOUNT }).transform((text, ctx) => {
  const minor = parseCrowns(text);
  if (typeof minor !== "number" || minor <= 0 || minor > MAX_BID_MINOR) {
    ctx.addIssue({ code: "custom", message: INVALID_AMOUNT });
    return z.NEVER;
  }
  return minor;
});

/**
 * The product page's bid form (app/components/bidding/bid-form.tsx): the amount, the optional
 * maximum (an empty field is none), and `confirmed` once the visitor has confirmed the binding bid.
 */
export const BidFormSchema = z.object({
  intent: z.literal("bid"),
  amount: crownsField,
  max: crownsField.optional().transform((minor) => minor ?? null),
  confirmed: z.literal("1").optional(),
});
export type BidFormInput = z.infer<typeof BidFormSchema>;

/** Whether a submission is the bid form's (the page keeps its data after a bid: the answer carries it). */
export const BidIntentSchema = z.object({ intent: z.literal("bid") });
