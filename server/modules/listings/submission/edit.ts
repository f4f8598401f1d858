import { eq, inArray } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import { ownerActions, releaseState } from "#core/lifecycles/listing.ts";
import { err, type Ok, ok } from "#core/result.ts";
import type { InsertionFees } from "#core/rules/fees.ts";
import type { ListingInput } from "#core/schemas/listing.ts";
import { problem } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import { isUploadToken, type StoredImage } from "#server/modules/listing-photos/index.ts";
import type { ListingsContext } from "../context.ts";
import { lockOwn, myListing } from "../my-listings.ts";
import { invalid, refusal } from "../outcomes.ts";
import { type Product, productImages } from "../tables/products.ts";
import { listingSubmissions } from "../tables/submissions.ts";
import { type ListingChanges, updateListing } from "../transitions.ts";
import type {
  EditableListing,
  ListingInvalid,
  ListingUser,
  MyListing,
  NotFound,
  Refused,
  ResolvedListing,
} from "../types.ts";
import { checkAfterBid, checkReleased } from "./edit-locks.ts";
import { editable } from "./editable.ts";
import { currentFees, feeFor } from "./insertion-fee.ts";
import { afterSave, storeImages } from "./photos.ts";
import { resolveListing } from "./resolve.ts";
import { brandId, listingSlug } from "./submitted.ts";

type Edit = {
  user: ListingUser;
  id: number;
  input: ListingInput;
  data: ResolvedListing;
  before: EditableListing;
  fees: InsertionFees;
  at: Date;
};

/** The columns the edit writes: before the first bid the item and its prices, unpaid everything. */
async function changesOf(ctx: ListingsContext, tx: Db, edit: Edit, row: Product): Promise<ListingChanges> {
  const { data, user, id, at } = edit;
  const changes: ListingChanges = { descriptionCs: data.description, updatedAt: at };
  if (row.bidCount === 0) {
    Object.assign(changes, {
      categoryId: data.categoryId,
      brandId: await brandId(tx, data.brand, user.id),
      packageId: data.packageId,
      nameCs: data.name,
      slugCs: listingSlug(data.name),
      reservePriceMinor: data.reservePriceMinor,
      buyNowPriceMinor: data.format === "auction" ? data.buyNowPriceMinor : null,
    });
    if (data.format === "auction") {
      changes.startPriceMinor = data.priceMinor;
      // A lowered start price is just the new start: an auction is never a sale (only a
      // shop product is, core/rules/sale.ts), so no old price is kept to strike through.
      changes.originalPriceMinor = null;
      changes.isPriceSaleActive = false;
    } else changes.priceMinor = data.priceMinor;
  }
  if (row.status === "awaiting_payment" || row.status === "draft") {
    // Unpaid: everything may change, and the fee follows (nothing was paid yet).
    Object.assign(changes, {
      type: data.type,
      format: data.format,
      auctionDuration: data.duration,
      activationAt: data.activationAt,
      priceMinor: data.format === "classified" ? data.priceMinor : null,
      startPriceMinor: data.format === "auction" ? data.priceMinor : null,
    });
    const fee = feeFor(edit.fees, data, user);
    await tx
      .update(listingSubmissions)
      .set({
        feeBaseMinor: fee.baseMinor,
        feeDiscountPercent: fee.discountPercent,
        feeMinor: fee.amountMinor,
        updatedAt: at,
      })
      .where(eq(listingSubmissions.productId, id));
  } else if (row.status === "scheduled" && data.activationAt) {
    // A scheduled listing may move its start (not into the past); its end moves along.
    const state = releaseState(
      { ...row, duration: row.auctionDuration, activationAt: data.activationAt },
      at,
    );
    changes.activationAt = state.activationAt;
    changes.endsAt = state.endsAt;
    if (state.status === "scheduled") await ctx.scheduler.scheduleActivation(id, state.activationAt, tx);
  }
  return changes;
}

type Saved = Ok<{ removed: { path: string; fileName: string }[] }>;

/** The edit under the row lock: checked against the locks, then written with its images. */
async function applyEdit(
  ctx: ListingsContext,
  tx: Db,
  edit: Edit,
  written: StoredImage[],
): Promise<Saved | ListingInvalid | Refused<"not_editable" | "held_by_deal"> | NotFound> {
  const { user, id, input, data } = edit;
  const t = problem;
  const row = await lockOwn(tx, user.id, id);
  if (!row) return err("not_found");
  if (!ownerActions(row).edit) return refusal("not_editable");
  // A buyer's deal holds it: bought as it was described, the listing stays as it was.
  if (await ctx.dealHolds?.(tx, id)) return refusal("held_by_deal");
  const storedImages = await tx
    .select({ id: productImages.id, path: productImages.path, fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, id));
  const errors: FieldProblems = {};
  if (row.bidCount > 0)
    checkAfterBid(
      errors,
      { input, data, stored: edit.before.input, row },
      storedImages.map((image) => image.id),
      t,
    );
  if (row.status !== "awaiting_payment" && row.status !== "draft")
    checkReleased(errors, { input, data, row }, t);
  if (Object.keys(errors).length > 0) return invalid(errors);
  await updateListing(tx, id, await changesOf(ctx, tx, edit, row));
  const keep = new Set(input.images.filter((ref) => typeof ref === "number"));
  const gone = storedImages.filter((image) => !keep.has(image.id));
  if (gone.length > 0)
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        gone.map((image) => image.id),
      ),
    );
  const photos = { userId: user.id, productId: id, alt: data.name };
  await ctx.evidence?.save(tx, id, data, await storeImages(ctx, tx, photos, input.images, written));
  await ctx.attributes?.save(tx, id, data);
  return ok({ removed: gone });
}

/**
 * Saves the seller's changes. Before the first bid everything but the type, the format (price
 * or by agreement), the duration and the activation date may change; those four are fixed
 * once the listing is paid or released, since its fee and its dates were decided by them.
 * After the first bid only the description and the images may change, and no image may go:
 * bidders bid on what they saw. Checked under the row lock, so a bid arriving meanwhile wins.
 */
export async function update(
  ctx: ListingsContext,
  user: ListingUser,
  id: number,
  raw: unknown,
  locale: Locale,
): Promise<Ok<MyListing> | ListingInvalid | Refused<"not_editable" | "held_by_deal"> | NotFound> {
  const before = await editable(ctx, user.id, id, locale);
  if (!before) return err("not_found");
  if (!before.listing.actions.edit) return refusal("not_editable");
  if (await ctx.dealHolds?.(ctx.db, id)) return refusal("held_by_deal");
  const resolved = await resolveListing(ctx, user, raw, locale, {
    id,
    imageIds: before.images.map((image) => image.ref as number),
    activationAt: before.input.activationAt ?? null,
  });
  if ("code" in resolved) return resolved;
  // Read before the transaction: PGlite's one connection is the transaction's until it ends.
  const fees = await currentFees(ctx);
  const edit: Edit = { user, id, input: resolved.input, data: resolved.listing, before, fees, at: ctx.now() };
  const written: StoredImage[] = [];
  let outcome: Awaited<ReturnType<typeof applyEdit>>;
  try {
    outcome = await ctx.db.transaction((tx) => applyEdit(ctx, tx, edit, written));
  } catch (error) {
    await ctx.images.remove(written);
    throw error;
  }
  if (!outcome.ok) {
    await ctx.images.remove(written);
    return outcome;
  }
  await ctx.images.remove(outcome.value.removed);
  await afterSave(ctx, { productId: id, userId: user.id }, edit.input.images.filter(isUploadToken), written);
  return ok((await myListing(ctx.db, user.id, id, locale))!);
}
