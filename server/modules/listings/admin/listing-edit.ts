import { eq } from "drizzle-orm";
import type { MessageKey } from "#core/i18n/index.ts";
import type { ListingEdit } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import {
  type Actor,
  type AdminOutcome,
  auditEntry,
  brandById,
  done,
  fieldErrors,
  filingProblem,
  notFound,
  packageById,
} from "#server/modules/catalog/index.ts";
import { listingSlug } from "../submission/submitted.ts";
import { type Product, products } from "../tables/products.ts";
import { updateListing } from "../transitions.ts";

const snapshot = (row: Product) => ({
  nameCs: row.nameCs,
  nameEn: row.nameEn,
  slugCs: row.slugCs,
  slugEn: row.slugEn,
  descriptionCs: row.descriptionCs,
  descriptionEn: row.descriptionEn,
  categoryId: row.categoryId,
  brandId: row.brandId,
  packageId: row.packageId,
});

async function exists(tx: Db, table: "brand" | "package", id: number) {
  return (await (table === "brand" ? brandById(tx, id) : packageById(tx, id))) !== null;
}

/**
 * Staff correct a listing's texts and where it is filed: names, descriptions, category, brand,
 * package. Never its prices, dates or status (a restriction is a moderation decision with its
 * statement of reasons): the bidders of an auction bid on its price, which stays the seller's.
 * The data follow the seller's own rules (the schema, the filing rule of listing-filing.ts), never the seller's
 * locks (an owner, a status, the first bid). Moving a live listing into a pre-moderated category
 * does not hold it, as the seller's own edit does not: pre-moderation is for new listings.
 * The caller refreshes the listing's search text afterwards.
 */
export async function editListing(
  db: Db,
  actor: Actor,
  id: number,
  input: ListingEdit,
): Promise<AdminOutcome<{ before: Product; after: ReturnType<typeof snapshot> }>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!before) return notFound;
    // Where it already is stays allowed (a category hidden since), so its texts can still be corrected.
    const problems: [string, MessageKey | null][] = [
      [
        "categoryId",
        input.categoryId === before.categoryId ? null : await filingProblem(tx, input.categoryId),
      ],
      [
        "brandId",
        input.brandId === null || (await exists(tx, "brand", input.brandId))
          ? null
          : "adminCatalog.errors.noBrand",
      ],
      ["packageId", (await exists(tx, "package", input.packageId)) ? null : "adminCatalog.errors.noPackage"],
    ];
    const errors = fieldErrors(problems);
    if (errors) return errors;
    const changes = {
      nameCs: input.nameCs,
      nameEn: input.nameEn,
      // A product's URL follows its name; the old one answers 301 by the id (product.server.ts).
      slugCs: input.nameCs === before.nameCs ? before.slugCs : listingSlug(input.nameCs),
      slugEn: input.nameEn
        ? input.nameEn === before.nameEn
          ? before.slugEn
          : listingSlug(input.nameEn)
        : null,
      descriptionCs: input.descriptionCs,
      descriptionEn: input.descriptionEn,
      categoryId: input.categoryId,
      brandId: input.brandId,
      packageId: input.packageId,
    };
    await updateListing(tx, id, { ...changes, updatedAt: new Date() });
    await recordAudit(tx, auditEntry(actor, "listing.update", "listing", id, snapshot(before), changes));
    return done({ before, after: changes });
  });
}
