import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { productImages, products } from "../listings/tables/products.ts";
import { users } from "../users/tables.ts";

/**
 * Support for the browser tests only (reached through /__diagnostics/auction, which exists only
 * when the server runs with E2E_DIAGNOSTICS=1): a fresh auction of a demo seller that ends when the
 * test needs it, since a real one runs for 7 days and the e2e server's database is out of the
 * test's reach. It borrows the category and the pictures of one of the seeded live auctions.
 */
export async function createDiagnosticsAuction(
  db: Db,
  input: { sellerEmail: string; startPriceMinor: number; endsAt: Date; name: string },
) {
  const [seller] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.sellerEmail})`)
    .limit(1);
  if (!seller) return null;
  const [model] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.format, "auction"), eq(products.status, "active")))
    .orderBy(asc(products.id))
    .limit(1);
  if (!model) return null;
  const slug = input.name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const now = new Date();
  const [created] = await db
    .insert(products)
    .values({
      format: "auction",
      type: "supply",
      status: "active",
      sellerId: seller.id,
      categoryId: model.categoryId,
      nameCs: input.name,
      nameEn: input.name,
      slugCs: slug,
      slugEn: slug,
      descriptionCs: "Aukce pro automatické testy.",
      searchText: slug.replaceAll("-", " "),
      searchName: slug.replaceAll("-", " "),
      startPriceMinor: input.startPriceMinor,
      auctionDuration: "week",
      activationAt: now,
      endsAt: input.endsAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  const pictures = await db
    .select({
      position: productImages.position,
      path: productImages.path,
      fileName: productImages.fileName,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, model.id));
  if (pictures.length > 0)
    await db.insert(productImages).values(pictures.map((picture) => ({ ...picture, productId: created.id })));
  return created.id;
}
