import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { productImages, products } from "./tables/products.ts";
import { createListing } from "./transitions.ts";

/**
 * Support for the browser tests only (the bidding module's diagnostics, reached through
 * /__diagnostics/auction when the server runs with E2E_DIAGNOSTICS=1): a fresh live auction of a
 * seller that ends when the test needs it, since a real one runs for 7 days (with a buy-it-now price
 * if asked; a monthly one, `auctionDuration: "month"`, ends at its round's close). It borrows the
 * category and the pictures of the first seeded live auction; null when there is none.
 */
export async function createDiagnosticsListing(
  db: Db,
  input: {
    sellerId: number;
    startPriceMinor: number;
    endsAt: Date;
    name: string;
    buyNowPriceMinor?: number | null;
    auctionDuration?: "week" | "month";
  },
): Promise<number | null> {
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
  return db.transaction(async (tx) => {
    const id = await createListing(
      tx,
      {
        format: "auction",
        type: "supply",
        status: "active",
        sellerId: input.sellerId,
        categoryId: model.categoryId,
        nameCs: input.name,
        nameEn: input.name,
        slugCs: slug,
        slugEn: slug,
        descriptionCs: "Aukce pro automatické testy.",
        searchText: slug.replaceAll("-", " "),
        searchName: slug.replaceAll("-", " "),
        startPriceMinor: input.startPriceMinor,
        buyNowPriceMinor: input.buyNowPriceMinor ?? null,
        auctionDuration: input.auctionDuration ?? "week",
        activationAt: now,
        endsAt: input.endsAt,
        createdAt: now,
        updatedAt: now,
      },
      { actorId: null, reason: "diagnostics", at: now },
    );
    const pictures = await tx
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
      await tx.insert(productImages).values(pictures.map((picture) => ({ ...picture, productId: id })));
    return id;
  });
}
