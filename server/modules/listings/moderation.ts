import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { categoryById, categoryColumnSql } from "#server/modules/catalog/index.ts";
import { demoteListing, restoreListingRank } from "./demotion.ts";
import { productPaths } from "./paths.ts";
import { scheduleAfterRelease, tellAwaitingPayment } from "./submission/after-release.ts";
import { productImages, products } from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import { approve, reinstate, reject } from "./transitions.ts";
import type { ListingScheduler } from "./types.ts";

/**
 * What moderation (server/modules/moderation) needs of the listings: the listing as a moderator
 * reviews it, the queue of listings held for pre-moderation, the seller's listing count, and the
 * moves a decision makes (approve, reject or remove, reinstate after a reversed complaint), each in
 * the caller's transaction through transitions.ts. The pre-moderation switch of a category too.
 */

export type ListingForModeration = {
  id: number;
  name: string;
  description: string | null;
  status: ProductStatus;
  format: ProductFormat;
  sellerId: number | null;
  categoryId: number;
  categoryName: string;
  priceMinor: number | null;
  createdAt: Date;
  /** Photo URLs (`/uploads/...`), main first. */
  images: string[];
  /** The public page in Czech (null when its category is gone). */
  href: string | null;
};

export async function listingForModeration(db: Db, id: number): Promise<ListingForModeration | null> {
  const [row] = await db.select({ product: products }).from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const { product } = row;
  const category = await categoryById(db, product.categoryId);
  if (!category) return null;
  const images = await db
    .select({ path: productImages.path, fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return {
    id: product.id,
    name: product.nameCs,
    description: product.descriptionCs,
    status: product.status,
    format: product.format,
    sellerId: product.sellerId,
    categoryId: product.categoryId,
    categoryName: category.nameCs,
    priceMinor: product.priceMinor ?? product.startPriceMinor,
    createdAt: product.createdAt,
    images: images.map((image) => `${image.path.replace(/\/+$/, "")}/${image.fileName}`),
    href: productPaths(product.id, {
      ...product,
      categorySlugCs: category.slugCs,
      categorySlugEn: category.slugEn,
    }).cs,
  };
}

export type ListingInReview = {
  id: number;
  name: string;
  sellerId: number | null;
  categoryName: string;
  createdAt: Date;
};

/** The listings held for pre-moderation, oldest first (a page of them, and their count). */
export async function listingsInReview(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: ListingInReview[]; total: number }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.nameCs,
      sellerId: products.sellerId,
      categoryName: sql<string>`${categoryColumnSql("name_cs", sql`${products.categoryId}`)}`,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.status, "in_review"))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(products).where(eq(products.status, "in_review"));
  return { rows, total: total?.n ?? 0 };
}

/** How many listings a seller has added in all (the moderator's view of their history). */
export async function listingCountOf(db: Db, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.sellerId, sellerId));
  return row?.n ?? 0;
}

/** The listing moves a moderation decision makes; the jobs and notices that follow a release too. */
export function createListingModeration(deps: {
  scheduler: ListingScheduler;
  notifier: Parameters<typeof tellAwaitingPayment>[0]["notifier"];
}) {
  return {
    /**
     * Approves a held listing: it goes on where it would have gone (awaiting its fee, scheduled or
     * live, with the activation or close job). Returns its new status, or null when not in review.
     */
    async approve(tx: Db, id: number, by: { actorId: number; at: Date }): Promise<ProductStatus | null> {
      const [fee] = await tx
        .select({ feeMinor: listingSubmissions.feeMinor, paidAt: listingSubmissions.feePaidAt })
        .from(listingSubmissions)
        .where(eq(listingSubmissions.productId, id))
        .limit(1);
      const feeDue = fee !== undefined && fee.feeMinor > 0 && fee.paidAt === null;
      const result = await approve(tx, id, feeDue, by);
      if (!result) return null;
      if (result.status === "awaiting_payment") {
        const [row] = await tx
          .select({ sellerId: products.sellerId })
          .from(products)
          .where(eq(products.id, id));
        if (row?.sellerId && fee)
          await tellAwaitingPayment(deps, tx, { sellerId: row.sellerId, productId: id }, fee.feeMinor);
      } else await scheduleAfterRelease(deps, tx, id, result, result.format);
      return result.status;
    },

    /** Rejects (pre-moderation) or removes (live) a listing; returns the status it left. */
    reject: (tx: Db, id: number, reason: string, by: { actorId: number; at: Date }) =>
      reject(tx, id, reason, by),

    /** Demotes a listing (still live, out of search and top places); false when it already was. */
    demote: (tx: Db, id: number, at: Date) => demoteListing(tx, id, at),

    /** A reversed demotion: the listing is found and placed like the others again. */
    restoreRank: (tx: Db, id: number) => restoreListingRank(tx, id),

    /** A reversed decision puts the listing back where it was, its jobs again; null when not rejected. */
    async reinstate(tx: Db, id: number, to: ProductStatus, by: { actorId: number; at: Date }) {
      const result = await reinstate(tx, id, to, by);
      if (!result) return null;
      if ((result.status === "scheduled" && result.activationAt) || result.status === "active")
        await scheduleAfterRelease(
          deps,
          tx,
          id,
          {
            status: result.status,
            activationAt: result.activationAt ?? by.at,
            endsAt: result.endsAt,
          },
          result.format,
        );
      return result.status;
    },
  };
}

export type ListingModeration = ReturnType<typeof createListingModeration>;
export type { ListingScheduler };

/** The seller's listings as rows for the moderator's history panel: newest first. */
export async function recentListingsOf(db: Db, sellerId: number, limit = 10) {
  return db
    .select({
      id: products.id,
      name: products.nameCs,
      status: products.status,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.sellerId, sellerId)))
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
