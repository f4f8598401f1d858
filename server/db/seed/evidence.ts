import type { EvidenceSlot, FillLevel } from "#core/contracts/listing-evidence.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import type { SeedFiles } from "./files.ts";
import type { PlannedProduct } from "./products.ts";
import { drawProductSvg, type ImageVariant } from "./svg.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How many live spirits auctions of the demo show their evidence of authenticity. */
const WITH_EVIDENCE = 4;
/** The demo's slots, each drawn as one of the bottle's pictures, and the levels they are given. */
const SLOTS: [EvidenceSlot, ImageVariant][] = [
  ["capsule_seal", "detail"],
  ["fill_level", "front"],
  ["batch_code", "back"],
];
const LEVELS: FillLevel[] = ["base_of_neck", "in_neck", "very_top_shoulder", "top_shoulder"];

/**
 * A few live spirits auctions get their evidence of authenticity (issue 36, item 3): three more
 * photos (the bottle's own drawings again, as the demo has no other pictures) in the slots of the
 * capsule and seal, the fill level and the batch code, and a fill level, so the product page's
 * gallery shows in the demo. Written as a finished history, like the rest of the demo data.
 */
export async function seedEvidence(
  tx: Tx,
  files: SeedFiles,
  planned: PlannedProduct[],
  spiritCategoryIds: ReadonlySet<number>,
): Promise<number> {
  const chosen = planned
    .filter(
      (product) =>
        product.row.format === "auction" &&
        product.row.status === "active" &&
        spiritCategoryIds.has(product.row.categoryId) &&
        product.images.length > 0,
    )
    // The dearest first: the bottles the rule is for.
    .sort((a, b) => (b.row.startPriceMinor ?? 0) - (a.row.startPriceMinor ?? 0))
    .slice(0, WITH_EVIDENCE);
  for (const [index, product] of chosen.entries()) {
    const drawn = SLOTS.map(([slot, variant], position) => {
      const base = product.images.find((image) => image.variant === variant) ?? product.images[0];
      const fileName = `evidence-${position + 1}.svg`;
      files.write(
        `uploads/products/${product.id}/${fileName}`,
        drawProductSvg({ ...base, variant }, `p${product.id}e${position}`),
      );
      return { slot, fileName, position: product.images.length + position };
    });
    const rows = await tx
      .insert(t.productImages)
      .values(
        drawn.map((image) => ({
          productId: product.id,
          position: image.position,
          path: `/uploads/products/${product.id}`,
          fileName: image.fileName,
          width: 400,
          height: 560,
          alt: product.row.nameCs,
          createdAt: (product.row.createdAt as Date | undefined) ?? new Date(),
        })),
      )
      .returning({ id: t.productImages.id });
    await tx
      .insert(t.listingEvidence)
      .values({ productId: product.id, fillLevel: LEVELS[index % LEVELS.length] });
    await tx
      .insert(t.listingEvidencePhotos)
      .values(drawn.map((image, at) => ({ productId: product.id, slot: image.slot, imageId: rows[at].id })));
  }
  return chosen.length;
}
