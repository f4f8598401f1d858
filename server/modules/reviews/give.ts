import { and, eq, isNull, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "#core/schemas/reviews.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import type { Deal } from "./deals.ts";
import { clean, validId } from "./input.ts";
import type { ReviewReads } from "./ports.ts";
import { reviewReports, reviews } from "./tables.ts";

const REPORT_REASON_MAX = 500;

type Invalid = Err<"invalid", { problems: FieldProblems }>;

/**
 * Ok: the new review's id. Refused: the form's problems, no deal between the two about this
 * product (403), or a review of it already given (409).
 */
export type GiveResult = Ok<{ id: number }> | Invalid | Err<"no_deal" | "already">;

/** Refused: no such review about the user, the reply's problems, or replied already (409). */
export type ReplyResult = Ok<undefined> | Invalid | Err<"not_found" | "replied">;

type GiveInput = { productId: unknown; stars: unknown; comment?: unknown };

/** The form's own problems (stars, comment, product). */
function checkGiven(input: GiveInput) {
  const errors: FieldProblems = {};
  const stars = Number(input.stars);
  if (input.stars === undefined || input.stars === null || input.stars === "")
    errors.stars = [{ key: "reviews.errors.starsRequired" }];
  else if (!Number.isInteger(stars) || stars < 1 || stars > 5)
    errors.stars = [{ key: "reviews.errors.stars" }];
  const comment = typeof input.comment === "string" ? clean(input.comment) : "";
  if (comment.length > REVIEW_COMMENT_MAX)
    errors.comment = [{ key: "validation.max", values: { length: REVIEW_COMMENT_MAX } }];
  const productId = Number(input.productId);
  if (!validId(productId)) errors.productId = [{ key: "validation.required" }];
  return { errors, stars, comment, productId };
}

type ReviewingDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  reads: Pick<ReviewReads, "publicNamesOf">;
  deal: (userId: number, productId: number, locale: Locale) => Promise<Deal | null>;
};

/**
 * Rates the other side of a deal: refused without a deal, and a second time for the same deal
 * (the unique key on product and author settles a race). The rated user is told.
 */
async function give(
  deps: ReviewingDeps,
  userId: number,
  input: GiveInput,
  locale: Locale,
): Promise<GiveResult> {
  const { db, notifier, reads } = deps;
  const { errors, stars, comment, productId } = checkGiven(input);
  if (Object.keys(errors).length > 0) return err("invalid", { problems: errors });
  const deal = await deps.deal(userId, productId, locale);
  if (!deal) return err("no_deal");
  const already = (): GiveResult => err("already");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          productId,
          authorId: userId,
          subjectId: deal.counterpart.id,
          stars,
          comment: comment || null,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!row) return already();
      const [author] = await reads.publicNamesOf(tx, [userId]);
      await notifier.notify(tx, deal.counterpart.id, "review_received", {
        productId,
        values: { author: author?.username ?? "", stars },
        link: { page: "accountReviews" },
        payload: { reviewId: row.id },
      });
      return ok({ id: row.id });
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } })?.cause?.code === "23505") return already();
    throw error;
  }
}

/** The rated user's one reply. */
async function reply(db: Db, userId: number, reviewId: number, text: unknown): Promise<ReplyResult> {
  if (!validId(reviewId)) return err("not_found");
  const reply = typeof text === "string" ? clean(text) : "";
  if (reply === "") return err("invalid", { problems: { reply: [{ key: "validation.required" }] } });
  if (reply.length > REVIEW_REPLY_MAX) {
    const problems = { reply: [{ key: "validation.max" as const, values: { length: REVIEW_REPLY_MAX } }] };
    return err("invalid", { problems });
  }
  const [mine] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, userId)))
    .limit(1);
  if (!mine) return err("not_found");
  const updated = await db
    .update(reviews)
    .set({ reply, repliedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, userId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (updated.length === 0) return err("replied");
  return ok();
}

/** Reports a review to the operator (once per user); its author cannot report it. */
async function report(
  db: Db,
  userId: number,
  reviewId: number,
  reason: string,
): Promise<"reported" | "not_found" | "own"> {
  if (!validId(reviewId)) return "not_found";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: reviews.authorId })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .limit(1);
    if (!row) return "not_found";
    if (row.authorId === userId) return "own";
    await tx
      .insert(reviewReports)
      .values({ reviewId, reporterId: userId, reason: clean(reason).slice(0, REPORT_REASON_MAX) })
      .onConflictDoNothing();
    await tx
      .update(reviews)
      .set({ reportedAt: sql`now()` })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.reportedAt)));
    return "reported";
  });
}

/** Giving a review after a deal, replying to one received, reporting one to the operator. */
export function createReviewing(deps: ReviewingDeps) {
  const { db } = deps;
  return {
    give: (userId: number, input: GiveInput, locale: Locale) => give(deps, userId, input, locale),
    reply: (userId: number, reviewId: number, text: unknown) => reply(db, userId, reviewId, text),
    report: (userId: number, reviewId: number, reason: string) => report(db, userId, reviewId, reason),
  };
}
