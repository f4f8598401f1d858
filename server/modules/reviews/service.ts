import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import type { Notifier } from "../messages/index.ts";
import { users } from "../users/tables.ts";
import { reviewReports, reviews, userRatings } from "./tables.ts";

/**
 * Reviews after a deal (issue 7): a product sold to a buyer (an auction won, or a classified the
 * seller marked sold to someone who wrote about it) lets the seller and the buyer rate each other
 * once, 1-5 stars with an optional comment. The rated user may reply once; anyone signed in may
 * report a review to the operator. A user's average and count come from user_ratings, which a
 * trigger keeps in step with the reviews (migration 0006).
 */

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
const REPORT_REASON_MAX = 500;

export type Deal = {
  productId: number;
  productName: string;
  productUrl: string;
  image: string | null;
  /** The caller's side of the deal. */
  role: "seller" | "buyer";
  counterpart: { id: number; username: string };
  /** ISO instant of the sale. */
  soldAt: string | null;
};

export type ReceivedReview = {
  id: number;
  stars: number;
  comment: string | null;
  reply: string | null;
  createdAt: string;
  author: { id: number; username: string } | null;
  productName: string;
};

export type GiveResult =
  | { status: "created"; id: number }
  | { status: "invalid"; errors: Record<string, string[]> }
  /** No deal between the two about this product (403), or a review of it already given (409). */
  | { status: "refused"; reason: "no_deal" | "already"; message: string };

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const clean = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .trim();

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export function createReviewsService(deps: { db: Db; notifier: Pick<Notifier, "notify"> }) {
  const { db, notifier } = deps;

  /** The deals of a user (sold products where they are the seller or the buyer), with a filter. */
  async function deals(userId: number, locale: Locale, where = sql`true`): Promise<Deal[]> {
    const result = await db.execute(sql`
      select p.id, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.ended_at, p.seller_id, p.winner_id,
        c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
        o.id as other_id, o.username as other_username,
        (select rtrim(i.path, '/') || '/' || i.file_name from product_images i where i.product_id = p.id
          order by i.position, i.id limit 1) as image
      from products p
      join categories c on c.id = p.category_id
      join users o on o.id = case when p.seller_id = ${userId} then p.winner_id else p.seller_id end
      where p.status = 'sold' and p.winner_id is not null and p.seller_id is not null
        and p.winner_id <> p.seller_id
        and (p.seller_id = ${userId} or p.winner_id = ${userId})
        and o.deleted_at is null
        and ${where}
      order by p.ended_at desc nulls last, p.id desc
      limit 200`);
    const en = locale === "en";
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      productId: Number(row.id),
      productName: String((en && row.name_en) || row.name_cs),
      productUrl: localePath("product", locale, {
        id: Number(row.id),
        category: String((en && row.category_slug_en) || row.category_slug_cs),
        product: String((en && row.slug_en) || row.slug_cs),
      }),
      image: (row.image as string | null) ?? null,
      role: Number(row.seller_id) === userId ? "seller" : "buyer",
      counterpart: { id: Number(row.other_id), username: String(row.other_username) },
      soldAt: row.ended_at ? new Date(row.ended_at as string).toISOString() : null,
    }));
  }

  const service = {
    /** The deal about a product between the user and the other side; null when there is none. */
    async deal(userId: number, productId: number, locale: Locale): Promise<Deal | null> {
      if (!validId(productId)) return null;
      const [found] = await deals(userId, locale, sql`p.id = ${productId}`);
      return found ?? null;
    },

    /** Deals the user has not rated yet, newest first (the reviews page's "to rate" list). */
    async pending(userId: number, locale: Locale): Promise<Deal[]> {
      return deals(
        userId,
        locale,
        sql`not exists (select 1 from reviews r where r.product_id = p.id and r.author_id = ${userId})`,
      );
    },

    /** Of the given products, those whose deal the user already rated. */
    async reviewedDeals(userId: number, productIds: number[]): Promise<Set<number>> {
      const ids = productIds.filter(validId);
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ productId: reviews.productId })
        .from(reviews)
        .where(and(eq(reviews.authorId, userId), inArray(reviews.productId, ids)));
      return new Set(rows.map((row) => row.productId));
    },

    /**
     * Rates the other side of a deal: refused without a deal, and a second time for the same deal
     * (the unique key on product and author settles a race). The rated user is told.
     */
    async give(
      userId: number,
      input: { productId: unknown; stars: unknown; comment?: unknown },
      locale: Locale,
    ): Promise<GiveResult> {
      const errors: Record<string, string[]> = {};
      const stars = Number(input.stars);
      if (input.stars === undefined || input.stars === null || input.stars === "")
        errors.stars = [translate(locale, "reviews.errors.starsRequired")];
      else if (!Number.isInteger(stars) || stars < 1 || stars > 5)
        errors.stars = [translate(locale, "reviews.errors.stars")];
      const comment = typeof input.comment === "string" ? clean(input.comment) : "";
      if (comment.length > REVIEW_COMMENT_MAX)
        errors.comment = [translate(locale, "validation.max", { length: REVIEW_COMMENT_MAX })];
      const productId = Number(input.productId);
      if (!validId(productId)) errors.productId = [translate(locale, "validation.required")];
      if (Object.keys(errors).length > 0) return { status: "invalid", errors };
      const deal = await service.deal(userId, productId, locale);
      if (!deal)
        return { status: "refused", reason: "no_deal", message: translate(locale, "reviews.errors.noDeal") };
      const already = (): GiveResult => ({
        status: "refused",
        reason: "already",
        message: translate(locale, "reviews.errors.already"),
      });
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
          const [author] = await tx
            .select({ username: users.username })
            .from(users)
            .where(eq(users.id, userId));
          await notifier.notify(tx, deal.counterpart.id, "review_received", {
            productId,
            values: { author: author?.username ?? "", stars },
            link: { page: "accountReviews" },
            payload: { reviewId: row.id },
          });
          return { status: "created" as const, id: row.id };
        });
      } catch (error) {
        if ((error as { cause?: { code?: string } })?.cause?.code === "23505") return already();
        throw error;
      }
    },

    /** The rated user's one reply. */
    async reply(
      userId: number,
      reviewId: number,
      text: unknown,
      locale: Locale,
    ): Promise<
      | { status: "replied" }
      | { status: "not_found" }
      | { status: "invalid"; errors: Record<string, string[]> }
      | { status: "refused"; message: string }
    > {
      if (!validId(reviewId)) return { status: "not_found" };
      const reply = typeof text === "string" ? clean(text) : "";
      if (reply === "")
        return { status: "invalid", errors: { reply: [translate(locale, "validation.required")] } };
      if (reply.length > REVIEW_REPLY_MAX)
        return {
          status: "invalid",
          errors: { reply: [translate(locale, "validation.max", { length: REVIEW_REPLY_MAX })] },
        };
      const [mine] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, userId)))
        .limit(1);
      if (!mine) return { status: "not_found" };
      const updated = await db
        .update(reviews)
        .set({ reply, repliedAt: new Date() })
        .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, userId), isNull(reviews.reply)))
        .returning({ id: reviews.id });
      if (updated.length === 0)
        return { status: "refused", message: translate(locale, "reviews.errors.replied") };
      return { status: "replied" };
    },

    /** Reports a review to the operator (once per user); its author cannot report it. */
    async report(
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
    },

    /** Reviews the user received, newest first, with whether they replied (the reviews page). */
    async received(userId: number, locale: Locale): Promise<ReceivedReview[]> {
      const rows = await db
        .select({
          id: reviews.id,
          stars: reviews.stars,
          comment: reviews.comment,
          reply: reviews.reply,
          createdAt: reviews.createdAt,
          authorId: users.id,
          authorName: users.username,
          authorGone: sql<boolean>`(${users.deletedAt} is not null)`,
          nameCs: products.nameCs,
          nameEn: products.nameEn,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.authorId))
        .innerJoin(products, eq(products.id, reviews.productId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(reviews.subjectId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(200);
      return rows.map((row) => ({
        id: row.id,
        stars: row.stars,
        comment: row.comment,
        reply: row.reply,
        createdAt: row.createdAt.toISOString(),
        author: row.authorGone ? null : { id: row.authorId, username: row.authorName },
        productName: (locale === "en" && row.nameEn) || row.nameCs,
      }));
    },

    /** A user's average (one decimal) and count. */
    async rating(userId: number): Promise<{ average: number | null; count: number }> {
      const [row] = await db
        .select({ count: userRatings.reviewCount, sum: userRatings.starsSum })
        .from(userRatings)
        .where(eq(userRatings.userId, userId))
        .limit(1);
      if (!row || row.count === 0) return { average: null, count: 0 };
      // Tenths in integers (as SQL round(avg, 1) does): 85 stars / 20 reviews is 4.3, not 4.2 by float error.
      return { average: Math.round((row.sum * 10) / row.count) / 10, count: row.count };
    },
  };
  return service;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
