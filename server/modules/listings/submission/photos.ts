import { and, eq } from "drizzle-orm";
import type { MessageKey } from "#core/i18n/index.ts";
import { err, type Ok, ok } from "#core/result.ts";
import type { ImageRef } from "#core/schemas/listing.ts";
import { problem as problemOf } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import {
  encodeListingImage,
  type ImageProblem,
  isUploadToken,
  type StoredImage,
} from "#server/modules/listing-photos/index.ts";
import { MAX_UPLOAD_PIXELS, tooManyUploadsProblem } from "#server/modules/media/index.ts";
import type { ListingsContext } from "../context.ts";
import { invalid } from "../outcomes.ts";
import { productImages } from "../tables/products.ts";
import type { ImageView, ListingInvalid, UploadsLimited } from "../types.ts";

/** Widths of the variants rendered right after a save: the card and the gallery's main view. */
const WARM_WIDTHS = [320, 640] as const;

const IMAGE_PROBLEM_KEYS: Record<ImageProblem, MessageKey> = {
  empty: "validation.required",
  tooLarge: "listings.errors.imageTooLarge",
  tooManyPixels: "errors.imageTooManyPixels",
  notImage: "listings.errors.imageType",
  heic: "listings.errors.imageHeic",
  tooManyStaged: "listings.errors.imagesStagedTooMany",
};

/** Stores the listing's images in order: kept ones re-positioned, staged ones copied in (`written` collects them); their ids in order. */
export async function storeImages(
  ctx: Pick<ListingsContext, "images">,
  tx: Db,
  listing: { userId: number; productId: number; alt: string },
  refs: ImageRef[],
  written: StoredImage[],
): Promise<number[]> {
  const { userId, productId, alt } = listing;
  const ids: number[] = [];
  for (const [position, ref] of refs.entries()) {
    if (typeof ref === "number") {
      ids.push(ref);
      await tx
        .update(productImages)
        .set({ position })
        .where(and(eq(productImages.id, ref), eq(productImages.productId, productId)));
      continue;
    }
    const stored = await ctx.images.adopt(userId, ref, productId);
    written.push(stored);
    const [row] = await tx
      .insert(productImages)
      .values({ productId, position, alt, ...stored })
      .returning({ id: productImages.id });
    ids.push(row.id);
  }
  return ids;
}

/** Renders the common variants of new photos now, so the first visitors do not wait for them. */
function warmVariants(ctx: Pick<ListingsContext, "variants" | "logger">, stored: StoredImage[]) {
  const variants = ctx.variants;
  if (!variants || stored.length === 0) return;
  void (async () => {
    for (const image of stored)
      for (const width of WARM_WIDTHS)
        await variants.get({
          kind: "width",
          width,
          relative: `${image.path.replace(/^\/uploads\//, "")}/${image.fileName}`,
        });
  })().catch((err) => ctx.logger?.warn({ err }, "could not render listing image variants"));
}

/** After a saved listing: its staged uploads go, its search text follows, its new photos are rendered. */
export async function afterSave(
  ctx: ListingsContext,
  listing: { productId: number; userId: number },
  staged: string[],
  stored: StoredImage[],
) {
  const { productId, userId } = listing;
  await ctx.images.discardStaged(userId, staged);
  await ctx.catalog
    .refreshSearchText({ productIds: [productId] })
    .catch((err) => ctx.logger?.error({ err, productId }, "could not refresh the search text"));
  warmVariants(ctx, stored);
}

/** Thumbnails of staged uploads (the add form after a round trip). */
export function stagedViews(
  ctx: Pick<ListingsContext, "images">,
  userId: number,
  refs: readonly unknown[],
): ImageView[] {
  return refs.flatMap((ref) => {
    const url = isUploadToken(ref) ? ctx.images.stagedUrl(userId, ref) : null;
    return url ? [{ ref: ref as string, url, width: null, height: null }] : [];
  });
}

/** Checks and stages one uploaded photo for a form; returns its token and a thumbnail URL. */
export async function stageImage(
  ctx: Pick<ListingsContext, "images" | "uploads">,
  userId: number,
  bytes: Uint8Array,
): Promise<Ok<ImageView & { token: string }> | ListingInvalid | UploadsLimited> {
  // Counted before decoding, refused ones too: the decoding is the cost being limited.
  const wait = await ctx.uploads.attempt(userId);
  if (wait !== null)
    return err("limited", { problems: { image: [tooManyUploadsProblem(wait)] }, retryAfterSeconds: wait });
  const encoded = await encodeListingImage(bytes);
  const fail = (problem: ImageProblem) =>
    invalid({
      image: [problemOf(IMAGE_PROBLEM_KEYS[problem], { mb: 15, mp: MAX_UPLOAD_PIXELS / 1_000_000 })],
    });
  if ("problem" in encoded) return fail(encoded.problem);
  const staged = await ctx.images.stage(userId, encoded.webp);
  if ("problem" in staged) return fail(staged.problem);
  const url = ctx.images.stagedUrl(userId, staged.token)!;
  return ok({ token: staged.token, ref: staged.token, url, width: encoded.width, height: encoded.height });
}
