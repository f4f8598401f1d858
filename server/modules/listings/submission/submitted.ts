import type { Fee } from "#core/rules/fees.ts";
import type { Db } from "#server/db/client.ts";
import { slugify } from "#server/db/seed/text.ts";
import { ensureBrand } from "#server/modules/catalog/index.ts";
import { listingSubmissions } from "../tables/submissions.ts";
import type { ResolvedListing } from "../types.ts";

/** A listing's slug from its name (80 characters at most; "inzerat" when nothing is left). */
export function listingSlug(name: string): string {
  return slugify(name).slice(0, 80).replace(/-+$/, "") || "inzerat";
}

/** The brand's id, adding a new brand on first use (two sellers adding it at once get one row). */
export async function brandId(
  tx: Db,
  brand: ResolvedListing["brand"],
  userId: number,
): Promise<number | null> {
  if (!brand) return null;
  if (brand.id !== null) return brand.id;
  return ensureBrand(tx, brand.name, userId);
}

/** The submission of a new listing: its fee (paid at once when free) and what it was relisted from. */
export async function recordSubmission(
  tx: Db,
  productId: number,
  fee: Fee,
  at: Date,
  relistedFromId?: number,
): Promise<void> {
  await tx.insert(listingSubmissions).values({
    productId,
    feeBaseMinor: fee.baseMinor,
    feeDiscountPercent: fee.discountPercent,
    feeMinor: fee.amountMinor,
    feePaidAt: fee.amountMinor > 0 ? null : at,
    relistedFromId,
    createdAt: at,
    updatedAt: at,
  });
}
