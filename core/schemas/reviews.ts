import { z } from "zod";

/** A review's comment and the rated user's reply, once cleaned (the reviews service checks them). */
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

const STARS = "reviews.errors.stars";

/**
 * A review as POST /api/reviews takes it: the deal's product, 1-5 stars, an optional comment. The
 * service checks the stars and the cleaned comment's length, in the writer's language.
 */
export const ReviewSchema = z.object({
  productId: z.number().int().meta({ description: "The product of the deal" }),
  stars: z.number().meta({ description: "1 to 5", example: 5 }),
  comment: z
    .string()
    .max(REVIEW_COMMENT_MAX * 2)
    .optional(),
});

/**
 * The review form (`/ucet/hodnoceni/:productId`, the product from its path): the API's comment,
 * and the stars with the form's own words for none and for a wrong number.
 */
export const ReviewFormSchema = ReviewSchema.omit({ productId: true }).extend({
  stars: z
    .number({ error: "reviews.errors.starsRequired" })
    .int({ error: STARS })
    .min(1, { error: STARS })
    .max(5, { error: STARS }),
});

/** The rated user's one reply to a review (POST /api/reviews/{id}/reply). */
export const ReviewReplySchema = z.object({ reply: z.string().max(REVIEW_REPLY_MAX * 2) });

/** Reporting a review to the operator (POST /api/reviews/{id}/report); the reason is optional. */
export const ReviewReportSchema = z.object({ reason: z.string().max(1000).optional() });

/** The received reviews' forms on the reviews page: a reply, or a report. */
export const ReviewActionSchema = z.discriminatedUnion("intent", [
  ReviewReplySchema.extend({ intent: z.literal("reply"), reviewId: z.number().int() }),
  ReviewReportSchema.extend({ intent: z.literal("report"), reviewId: z.number().int() }),
]);

/** Which review a pending submission is about (its reply form shows it is on its way). */
export const ReviewIdSchema = z.object({ reviewId: z.number().int() });
