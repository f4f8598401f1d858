import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
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

/**
 * What the profile shows from other modules (ports: the reviews' and the listings' functions,
 * passed in by server/services.ts).
 */
export type ProfileSources = {
  ratingOf(subjectId: number): Promise<{
    average: number | null;
    count: number;
    distribution: [number, number, number, number, number];
  }>;
  reviewsAbout(
    subjectId: number,
    limit: number,
  ): Promise<
    {
      id: number;
      stars: number;
      comment: string | null;
      reply: string | null;
      createdAt: Date;
      repliedAt: Date | null;
      authorId: number;
      productId: number;
    }[]
  >;
  sellerFigures(sellerId: number): Promise<{ activeAdverts: number; soldCount: number }>;
  productSummaries(
    ids: number[],
    locale: Locale,
  ): Promise<Map<number, { id: number; name: string; url: string; publicPage: boolean }>>;
};

/** Reviewers by id: their username, and whether the account is gone for the public (deleted or blocked). */
async function reviewers(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { username: string; gone: boolean }>();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      gone: sql<boolean>`(${users.deletedAt} is not null or ${users.blockedAt} is not null)`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { username: row.username, gone: Boolean(row.gone) }]));
}

/** The newest reviews the user received, with their authors and what the deal was about. */
async function profileReviews(
  db: Db,
  sources: ProfileSources,
  subjectId: number,
  locale: Locale,
  limit: number,
): Promise<ProfileReview[]> {
  const rows = await sources.reviewsAbout(subjectId, limit);
  const [authors, products] = await Promise.all([
    reviewers(
      db,
      rows.map((row) => row.authorId),
    ),
    sources.productSummaries(
      rows.map((row) => row.productId),
      locale,
    ),
  ]);
  return rows.flatMap((row) => {
    const author = authors.get(row.authorId);
    const product = products.get(row.productId);
    if (!author || !product) return [];
    return [
      {
        id: row.id,
        stars: row.stars,
        comment: row.comment,
        reply: row.reply,
        createdAt: row.createdAt.toISOString(),
        repliedAt: row.repliedAt?.toISOString() ?? null,
        author: author.gone ? null : { id: row.authorId, username: author.username },
        product: product.publicPage ? { id: product.id, name: product.name, url: product.url } : null,
      },
    ];
  });
}

/** Public seller pages: who someone is on the marketplace, without anything private. */
export function createProfileService(db: Db, sources: ProfileSources) {
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
      const [rating, figures, reviews] = await Promise.all([
        sources.ratingOf(id),
        sources.sellerFigures(id),
        profileReviews(db, sources, id, locale, reviewLimit),
      ]);
      return {
        id: user.id,
        username: user.username,
        verified: user.verifiedAt !== null,
        memberSince: user.createdAt.toISOString(),
        avatarFileName: user.avatarFileName,
        ratingAverage: rating.average,
        ratingCount: rating.count,
        ratingDistribution: rating.distribution,
        activeAdverts: figures.activeAdverts,
        soldCount: figures.soldCount,
        reviews,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
