import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { SellerRefusalCode } from "#core/contracts/listing-refusals.ts";
import type { Locale } from "#core/i18n/index.ts";
import { releaseState } from "#core/lifecycles/listing.ts";
import { type Ok, ok } from "#core/result.ts";
import type { Fee } from "#core/rules/fees.ts";
import type { Db } from "#server/db/client.ts";
import { isCategoryPremoderated } from "#server/modules/catalog/index.ts";
import { isUploadToken, type StoredImage } from "#server/modules/listing-photos/index.ts";
import type { ListingsContext } from "../context.ts";
import { myListing } from "../my-listings.ts";
import { emailRefusal, QuotaUsedUp, refusal } from "../outcomes.ts";
import { createListing } from "../transitions.ts";
import type {
  CreateResult,
  ImageView,
  ListingInvalid,
  ListingUser,
  Refused,
  ResolvedListing,
} from "../types.ts";
import { scheduleAfterRelease, tellAwaitingPayment } from "./after-release.ts";
import { currentFees, feeFor } from "./insertion-fee.ts";
import { afterSave, stagedViews, storeImages } from "./photos.ts";
import { resolveListing } from "./resolve.ts";
import { brandId, listingSlug, recordSubmission } from "./submitted.ts";

/**
 * Refuses when the seller may not add a listing now: unconfirmed e-mail, the seller's declaration
 * (not made, a trader unverified, suspended: the `sellerGate` port), or the free quota used up.
 */
export async function mayAdd(
  ctx: ListingsContext,
  user: ListingUser,
): Promise<Refused<SellerRefusalCode> | null> {
  const email = emailRefusal(user);
  if (email) return email;
  const gate = (await ctx.sellerGate?.(user.id)) ?? null;
  if (gate) return refusal(gate);
  const quota = await ctx.quota.canAddListing(user.id);
  return quota.ok ? null : refusal("quota");
}

export type Preview =
  | Ok<{
      listing: ResolvedListing;
      fee: Fee;
      images: ImageView[];
      /** Where it would go on submit now, and its planned dates (ISO). */
      schedule: { status: ProductStatus; activationAt: string | null; endsAt: string | null };
    }>
  | ListingInvalid
  | Refused<SellerRefusalCode>;

/** Checks a new listing without saving it (the preview): the resolved listing and its fee. */
export async function preview(
  ctx: ListingsContext,
  user: ListingUser,
  raw: unknown,
  locale: Locale,
): Promise<Preview> {
  const refused = await mayAdd(ctx, user);
  if (refused) return refused;
  const resolved = await resolveListing(ctx, user, raw, locale);
  if ("code" in resolved) return resolved;
  const fee = feeFor(await currentFees(ctx), resolved.listing, user);
  const planned = releaseState(resolved.listing, ctx.now());
  const unpaid = fee.amountMinor > 0;
  const held = await isCategoryPremoderated(ctx.db, resolved.listing.categoryId);
  // Unpaid and "now": it starts when paid, so neither date is known yet.
  const unknownDates = unpaid && !resolved.listing.activationAt;
  return ok({
    listing: resolved.listing,
    fee,
    images: stagedViews(ctx, user.id, resolved.listing.images),
    schedule: {
      status: held ? "in_review" : unpaid ? "awaiting_payment" : planned.status,
      activationAt: unknownDates ? null : planned.activationAt.toISOString(),
      endsAt: unknownDates ? null : (planned.endsAt?.toISOString() ?? null),
    },
  });
}

/** The new listing's row, its submission, its photos and what follows (its job, or the fee notice). */
async function insertListing(
  ctx: ListingsContext,
  tx: Db,
  user: ListingUser,
  data: ResolvedListing,
  fee: Fee,
  at: Date,
  written: StoredImage[],
): Promise<number> {
  if (!(await ctx.quota.canAddListing(user.id, tx)).ok) throw new QuotaUsedUp();
  // A pre-moderated category holds the listing for a moderator, who lets it go on (moderation.ts).
  const held = await isCategoryPremoderated(tx, data.categoryId);
  const released = held || fee.amountMinor > 0 ? null : releaseState(data, at);
  const status: ProductStatus = held ? "in_review" : (released?.status ?? "awaiting_payment");
  const productId = await createListing(
    tx,
    {
      format: data.format,
      type: data.type,
      status,
      sellerId: user.id,
      categoryId: data.categoryId,
      brandId: await brandId(tx, data.brand, user.id),
      packageId: data.packageId,
      nameCs: data.name,
      slugCs: listingSlug(data.name),
      descriptionCs: data.description,
      priceMinor: data.format === "classified" ? data.priceMinor : null,
      startPriceMinor: data.format === "auction" ? data.priceMinor : null,
      reservePriceMinor: data.reservePriceMinor,
      buyNowPriceMinor: data.format === "auction" ? data.buyNowPriceMinor : null,
      taxRate: 0,
      auctionDuration: data.duration,
      // Unpaid: the chosen date (null = as soon as paid); the end is fixed at the release.
      activationAt: released?.activationAt ?? data.activationAt,
      endsAt: released?.endsAt ?? null,
      createdAt: at,
      updatedAt: at,
    },
    { actorId: user.id, reason: "submitted", at },
  );
  await recordSubmission(tx, productId, fee, at);
  const photos = { userId: user.id, productId, alt: data.name };
  await ctx.evidence?.save(tx, productId, data, await storeImages(ctx, tx, photos, data.images, written));
  await ctx.attributes?.save(tx, productId, data);
  if (held) return productId;
  if (released) await scheduleAfterRelease(ctx, tx, productId, released, data.format);
  else await tellAwaitingPayment(ctx, tx, { sellerId: user.id, productId }, fee.amountMinor);
  return productId;
}

/**
 * Adds a listing. Its fee (the `fees` setting, less the group discount) decides where it
 * starts: above zero it awaits payment; free, it is scheduled for a future activation date or
 * live at once, with its end computed from its duration.
 */
export async function create(
  ctx: ListingsContext,
  user: ListingUser,
  raw: unknown,
  locale: Locale,
): Promise<CreateResult> {
  const refused = await mayAdd(ctx, user);
  if (refused) return refused;
  const resolved = await resolveListing(ctx, user, raw, locale);
  if ("code" in resolved) return resolved;
  const { listing: data } = resolved;
  const fee = feeFor(await currentFees(ctx), data, user);
  const at = ctx.now();
  const written: StoredImage[] = [];
  let productId: number;
  try {
    productId = await ctx.db.transaction((tx) => insertListing(ctx, tx, user, data, fee, at, written));
  } catch (error) {
    await ctx.images.remove(written);
    if (error instanceof QuotaUsedUp) return refusal("quota");
    throw error;
  }
  await afterSave(ctx, { productId, userId: user.id }, data.images.filter(isUploadToken), written);
  return ok((await myListing(ctx.db, user.id, productId, locale))!);
}
