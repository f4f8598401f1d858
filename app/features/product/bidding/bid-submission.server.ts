import type { Submission } from "@conform-to/react";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import type { BidAmount } from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import { BidFormSchema, BidMinimumFormSchema } from "#core/schemas/bid.ts";

/** A checked bid submission: what it bids, its maximum, whether the visitor has confirmed it. */
export type BidSubmissionValue = { bid: BidAmount; maxMinor: number | null; confirmed: boolean };

export type BidSubmission = {
  intent: unknown;
  /** Sent by "Přihodit minimum" (its refusals are shown at that button). */
  minimum: boolean;
  /** Null when the fields were refused. */
  value: BidSubmissionValue | null;
  /** Conform's reply, with the fields' errors or the given ones (a refusal's). */
  reply: (fieldErrors?: Record<string, string[]>) => FormReply;
};

/**
 * The product page's bid posts, read on the server (app/routes/catalog/product.server.ts): the
 * amount form through BidFormSchema, "Přihodit minimum" (a `minimum` field) through
 * BidMinimumFormSchema, both from core/schemas/bid.ts.
 */
export function readBidSubmission(formData: FormData, locale: Locale): BidSubmission {
  if (formData.get("minimum") !== null) {
    const submission = parseForm(formData, BidMinimumFormSchema, locale);
    return submissionOf(submission, true, (value) => ({
      bid: { minimum: true, notAboveMinor: value.notAboveMinor },
      maxMinor: null,
      confirmed: value.confirmed === "1",
    }));
  }
  const submission = parseForm(formData, BidFormSchema, locale);
  return submissionOf(submission, false, (value) => ({
    bid: { amountMinor: value.amount },
    maxMinor: value.max,
    confirmed: value.confirmed === "1",
  }));
}

/** Either form's parsed submission as a BidSubmission, `read` taking its checked fields. */
function submissionOf<Value>(
  submission: Submission<Record<string, unknown>, string[], Value>,
  minimum: boolean,
  read: (value: Value) => BidSubmissionValue,
): BidSubmission {
  return {
    intent: submission.payload.intent,
    minimum,
    value: submission.status === "success" ? read(submission.value) : null,
    reply: (fieldErrors) => submission.reply(fieldErrors ? { fieldErrors } : undefined) as FormReply,
  };
}
