import { asc, eq } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { SellerRefusalCode } from "#core/contracts/listing-refusals.ts";
import type { Locale } from "#core/i18n/index.ts";
import { ownerActions, releaseState } from "#core/lifecycles/listing.ts";
import { err, type Ok, ok } from "#core/result.ts";
import type { InsertionFees } from "#core/rules/fees.ts";
import type { Db } from "#server/db/client.ts";
import type { StoredImage } from "#server/modules/listing-photos/index.ts";
import type { ListingsContext } from "./context.ts";
import { lockOwn, myListing } from "./my-listings.ts";
import { QuotaUsedUp, refusal } from "./outcomes.ts";
import { mayAdd } from "./submission/add.ts";
import { scheduleAfterRelease, tellAwaitingPayment } from "./submission/after-release.ts";
import { currentFees, feeFor } from "./submission/insertion-fee.ts";
import { afterSave } from "./submission/photos.ts";
import { recordSubmission } from "./submission/submitted.ts";
import { type Product, productImages } from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import { createListing } from "./transitions.ts";
import type { ListingUser, MyListing, NotFound, Refused } from "./types.ts";

/** The old listing's photos, copied to the new one in their order (a file that is gone is skipped), and its evidence. */
async function copyPhotos(
  ctx: ListingsContext,
  tx: Db,
  fromId: number,
  toId: number,
  written: StoredImage[],
) {
  const photos = await tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, fromId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  let position = 0;
  const copies = new Map<number, number>();
  for (const photo of photos) {
    const stored = await ctx.images.copy(photo, toId);
    if (!stored) continue;
    written.push(stored);
    const [copy] = await tx
      .insert(productImages)
      .values({
        productId: toId,
        position: position++,
        alt: photo.alt,
        ...stored,
        width: stored.width || photo.width,
        height: stored.height || photo.height,
      })
      .returning({ id: productImages.id });
    copies.set(photo.id, copy.id);
  }
  await ctx.evidence?.copy(tx, fromId, toId, copies);
  await ctx.attributes?.copy(tx, fromId, toId);
}

/** The copy's columns: the old listing's item and prices, new dates. */
function copyOf(
  row: Product,
  status: ProductStatus,
  released: ReturnType<typeof releaseState> | null,
  at: Date,
) {
  return {
    format: row.format,
    type: row.type,
    status,
    categoryId: row.categoryId,
    brandId: row.brandId,
    packageId: row.packageId,
    nameCs: row.nameCs,
    nameEn: row.nameEn,
    slugCs: row.slugCs,
    slugEn: row.slugEn,
    descriptionCs: row.descriptionCs,
    descriptionEn: row.descriptionEn,
    priceMinor: row.priceMinor,
    // The price the seller last asked, not a lowered one's old price.
    startPriceMinor: row.startPriceMinor,
    reservePriceMinor: row.reservePriceMinor,
    taxRate: row.taxRate,
    auctionDuration: row.auctionDuration,
    activationAt: released?.activationAt ?? null,
    endsAt: released?.endsAt ?? null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The copy under the old listing's lock; null when it may not be relisted (any more). */
async function insertCopy(
  ctx: ListingsContext,
  tx: Db,
  request: { user: ListingUser; id: number; fees: InsertionFees; at: Date; afterUnpaidWin: boolean },
  written: StoredImage[],
): Promise<number | null> {
  const { user, id, at } = request;
  if (!(await ctx.quota.canAddListing(user.id, tx)).ok) throw new QuotaUsedUp();
  const row = await lockOwn(tx, user.id, id);
  if (!row || !(request.afterUnpaidWin ? soldAuction(row) : ownerActions(row).relist)) return null;
  const [again] = await tx
    .select({ id: listingSubmissions.productId })
    .from(listingSubmissions)
    .where(eq(listingSubmissions.relistedFromId, id))
    .limit(1);
  if (again) return null;
  const kind = {
    format: row.format === "auction" ? ("auction" as const) : ("classified" as const),
    type: row.type,
    duration: row.auctionDuration,
  };
  const listed = feeFor(request.fees, kind, user);
  // After a winner who did not pay, listing it again costs nothing: the seller paid once already.
  const fee = request.afterUnpaidWin
    ? { ...listed, discountMinor: listed.baseMinor, amountMinor: 0 }
    : listed;
  const released = fee.amountMinor > 0 ? null : releaseState({ ...kind, activationAt: null }, at);
  const status: ProductStatus = released?.status ?? "awaiting_payment";
  const copyId = await createListing(
    tx,
    { ...copyOf(row, status, released, at), sellerId: user.id },
    { actorId: user.id, reason: `relisted_from:${id}`, at },
  );
  await recordSubmission(tx, copyId, fee, at, id);
  await copyPhotos(ctx, tx, id, copyId, written);
  if (released) await scheduleAfterRelease(ctx, tx, copyId, released, row.format);
  else await tellAwaitingPayment(ctx, tx, { sellerId: user.id, productId: copyId }, fee.amountMinor);
  return copyId;
}

const soldAuction = (row: Pick<Product, "status" | "format">) =>
  row.status === "sold" && row.format === "auction";

/**
 * Lists an unsold listing again (ended without a winner, expired unpaid, or withdrawn): a new
 * listing copying the old one's item, prices, duration and photos, with new dates and its own
 * fee, linked to the old one (which stays as it was). Once per listing.
 *
 * `afterUnpaidWin`: a sold auction whose winner did not pay (the deals' check, made by the
 * caller) is listed again the same way, without a fee; the copy keeps its own relist.
 */
export async function relist(
  ctx: ListingsContext,
  user: ListingUser,
  id: number,
  locale: Locale,
  afterUnpaidWin = false,
): Promise<Ok<MyListing> | Refused<"not_relistable" | "already_relisted" | SellerRefusalCode> | NotFound> {
  const old = await myListing(ctx.db, user.id, id, locale);
  if (!old) return err("not_found");
  if (!(afterUnpaidWin ? old.status === "sold" && old.format === "auction" : old.actions.relist))
    return refusal("not_relistable");
  if (old.relistedAsId !== null) return refusal("already_relisted");
  const refused = await mayAdd(ctx, user);
  if (refused) return refused;
  const request = { user, id, fees: await currentFees(ctx), at: ctx.now(), afterUnpaidWin };
  const written: StoredImage[] = [];
  let productId: number | null;
  try {
    productId = await ctx.db.transaction((tx) => insertCopy(ctx, tx, request, written));
  } catch (error) {
    await ctx.images.remove(written);
    if (error instanceof QuotaUsedUp) return refusal("quota");
    throw error;
  }
  if (productId === null) {
    await ctx.images.remove(written);
    return refusal("not_relistable");
  }
  await afterSave(ctx, { productId, userId: user.id }, [], written);
  return ok((await myListing(ctx.db, user.id, productId, locale))!);
}
