import { z } from "zod";
import type { BidAmount } from "../contracts/bidding.ts";
import { parseCrowns } from "../money/crowns-input.ts";

/** 100 million CZK in minor units: far above any bottle, far below what a bigint column holds. */
export const MAX_BID_MINOR = 10_000_000_000;

const bidMinor = z.number().int().positive().max(MAX_BID_MINOR);

/**
 * A bid as the API takes it (POST /api/auctions/{id}/bids), in minor units: an amount, or "the
 * minimum" with a ceiling (docs/product/auctions.md, "Bidding the current minimum": the amount is
 * fixed under the auction's lock, never above `notAboveMinor`); either with an optional maximum for
 * automatic bidding. The bid form below reads the same amounts from crowns as a person types them.
 */
export const BidInputSchema = z
  .object({
    amount: bidMinor.optional().meta({
      description: "The bid in CZK minor units (haléře); or give minimum and notAboveMinor",
      example: 150_000,
    }),
    minimum: z.literal(true).optional().meta({
      description:
        "Bid the lowest acceptable amount at the moment of the decision instead of an amount, up to notAboveMinor",
    }),
    notAboveMinor: bidMinor.optional().meta({
      description:
        "With minimum (and only with it, then required): the most the bid may become, CZK minor units",
      example: 125_000,
    }),
    max: bidMinor.nullable().optional().meta({
      description: "Optional maximum for automatic (proxy) bidding, at least the amount",
      example: 200_000,
    }),
  })
  .superRefine((input, ctx) => {
    const minimum = input.minimum === true;
    // Exactly one of the two ways to name the bid; a ceiling means nothing next to an amount.
    if ((input.amount !== undefined) === minimum)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "bidding.refusal.amount_or_minimum" });
    if (minimum && input.notAboveMinor === undefined)
      ctx.addIssue({ code: "custom", path: ["notAboveMinor"], message: "bidding.refusal.ceiling_required" });
    if (!minimum && input.notAboveMinor !== undefined)
      ctx.addIssue({ code: "custom", path: ["notAboveMinor"], message: "bidding.refusal.amount_or_minimum" });
  });
export type BidInput = z.infer<typeof BidInputSchema>;

/** The bid an API input names, as the bidding service takes it (the schema has checked the pair). */
export function bidAmountOf(input: BidInput): BidAmount {
  if (input.minimum && input.notAboveMinor !== undefined)
    return { minimum: true, notAboveMinor: input.notAboveMinor };
  if (!input.minimum && input.amount !== undefined) return { amountMinor: input.amount };
  throw new TypeError("A bid input that BidInputSchema did not check");
}

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
 * The product page's bid form (app/features/product/bidding/bid-form.tsx): the amount, the optional
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

/**
 * The product page's "Přihodit minimum (nejvýše X)" (app/features/product/bidding/minimum-bid.tsx): only
 * hidden fields, the ceiling in minor units as the server offered it (`minimumCeilingMinor`);
 * `confirmed` once the visitor has confirmed the binding bid. The amount is never read from the page.
 */
export const BidMinimumFormSchema = z.object({
  intent: z.literal("bid"),
  minimum: z.literal("1"),
  notAboveMinor: z.coerce
    .number({ error: "bidding.refusal.ceiling_required" })
    .int({ error: "bidding.refusal.ceiling_required" })
    .positive({ error: "bidding.refusal.ceiling_required" })
    .max(MAX_BID_MINOR, { error: "bidding.refusal.ceiling_required" }),
  confirmed: z.literal("1").optional(),
});
export type BidMinimumFormInput = z.infer<typeof BidMinimumFormSchema>;
