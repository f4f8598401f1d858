import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { reviews } from "../reviews/tables.ts";
import { users } from "./tables.ts";

export type ProfileReview = {
  id: number;
  stars: number;
  comment: string | null;
  reply: string | null;
  /** ISO instants. */
  createdAt: string;
  repliedAt: string | null;
  /** The reviewer; null when their account no longer exists for the public. */
  author: { id: number; username: string } | null;
  /** What the deal was about; null when the listing is not public any more. */
  product: { id: number; name: string; url: string } | null;
};

export type PublicProfile = {
  id: number;
  username: string;
  verified: boolean;
  /** ISO instant of the registration. */
  memberSince: string;
  avatarFileName: string | null;
  ratingAverage: number | null;
  ratingCount: number;
  /** How many reviews gave 5, 4, 3, 2 and 1 stars (index 0 = 5 stars). */
  ratingDistribution: [number, number, number, number, number];
  activeAdverts: number;
  /** Finished deals as seller (sold auctions). */
  soldCount: number;
  /** Newest first, at most `reviewLimit`. */
  reviews: ProfileReview[];
};

/** Listings whose detail page is public, so a review may link to them. */
const LINKABLE = sql`('active', 'scheduled', 'awaiting_payment', 'ended', 'sold', 'cancelled')`;

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Public seller pages: who someone is on the marketplace, without anything private. */
export function createProfileService(db: Db) {
  return {
    /** A user's public profile, or null for an unknown, deleted or blocked account. */
    async publicProfile(
      id: number,
      locale: Locale,
      { reviewLimit = 20 }: { reviewLimit?: number } = {},
    ): Promise<PublicProfile | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [user] = await db
        .select({
          id: users.id,
          username: users.username,
          verifiedAt: users.verifiedAt,
          createdAt: users.createdAt,
          avatarFileName: users.avatarFileName,
        })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.blockedAt)))
        .limit(1);
      if (!user) return null;

      const author = alias(users, "author");
      const [figuresResult, reviewRows] = await Promise.all([
        db.execute(sql`
          select
            (select round(avg(stars)::numeric, 1) from ${reviews} where subject_id = ${id}) as rating_average,
            (select count(*)::int from ${reviews} where subject_id = ${id}) as rating_count,
            (select count(*)::int from ${reviews} where subject_id = ${id} and stars = 5) as s5,
            (select count(*)::int from ${reviews} where subject_id = ${id} and stars = 4) as s4,
            (select count(*)::int from ${reviews} where subject_id = ${id} and stars = 3) as s3,
            (select count(*)::int from ${reviews} where subject_id = ${id} and stars = 2) as s2,
            (select count(*)::int from ${reviews} where subject_id = ${id} and stars = 1) as s1,
            (select count(*)::int from ${products} where seller_id = ${id} and status = 'active') as active_adverts,
            (select count(*)::int from ${products} where seller_id = ${id} and status = 'sold') as sold_count`),
        db
          .select({
            id: reviews.id,
            stars: reviews.stars,
            comment: reviews.comment,
            reply: reviews.reply,
            createdAt: reviews.createdAt,
            repliedAt: reviews.repliedAt,
            authorId: author.id,
            authorUsername: author.username,
            authorGone: sql<boolean>`(${author.deletedAt} is not null or ${author.blockedAt} is not null)`,
            productId: products.id,
            productNameCs: products.nameCs,
            productNameEn: products.nameEn,
            productSlugCs: products.slugCs,
            productSlugEn: products.slugEn,
            productLinkable: sql<boolean>`(${products.status} in ${LINKABLE})`,
            categorySlugCs: categories.slugCs,
            categorySlugEn: categories.slugEn,
          })
          .from(reviews)
          .innerJoin(author, eq(author.id, reviews.authorId))
          .innerJoin(products, eq(products.id, reviews.productId))
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(eq(reviews.subjectId, id))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(Math.max(0, Math.min(100, reviewLimit))),
      ]);
      const [figures] = rowsOf<Record<string, string | number | null>>(figuresResult);
      const num = (key: string) => Number(figures?.[key] ?? 0);
      const en = locale === "en";
      return {
        id: user.id,
        username: user.username,
        verified: user.verifiedAt !== null,
        memberSince: user.createdAt.toISOString(),
        avatarFileName: user.avatarFileName,
        ratingAverage:
          figures?.rating_average === null || figures?.rating_average === undefined
            ? null
            : Number(figures.rating_average),
        ratingCount: num("rating_count"),
        ratingDistribution: [num("s5"), num("s4"), num("s3"), num("s2"), num("s1")],
        activeAdverts: num("active_adverts"),
        soldCount: num("sold_count"),
        reviews: reviewRows.map((row) => ({
          id: row.id,
          stars: row.stars,
          comment: row.comment,
          reply: row.reply,
          createdAt: row.createdAt.toISOString(),
          repliedAt: row.repliedAt?.toISOString() ?? null,
          author: row.authorGone ? null : { id: row.authorId, username: row.authorUsername },
          product: row.productLinkable
            ? {
                id: row.productId,
                name: (en && row.productNameEn) || row.productNameCs,
                url: localePath("product", locale, {
                  id: row.productId,
                  category: (en && row.categorySlugEn) || row.categorySlugCs,
                  product: (en && row.productSlugEn) || row.productSlugCs,
                }),
              }
            : null,
        })),
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
