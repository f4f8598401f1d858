import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { struckPrice } from "#core/rules/sale.ts";
import type { Db } from "#server/db/client.ts";
import { categoryColumnSql } from "#server/modules/catalog/index.ts";
import type { ShopProduct, StockLine, StockProblem, StockReservation } from "./contracts.ts";
import { coverImage } from "./cover-image.ts";
import { products } from "./tables/products.ts";

/**
 * The shop's stock (docs/decisions/0020-shop-orders-and-stock-reservation.md). The shop module
 * reads its cart's products here, and the payments module takes pieces when an order is placed
 * and gives them back when an unpaid order is released, each inside the order's transaction.
 *
 * A shop product's `price_minor` is what the buyer pays now, the sale price while a sale is on
 * (core/rules/sale.ts); `original_price_minor` is only the struck price beside it.
 */

/** What makes a product sellable by the shop, in SQL: the same rule as `buyable`. */
const BUYABLE = and(
  eq(products.format, "shop"),
  eq(products.status, "active"),
  isNotNull(products.priceMinor),
);

/** The cart's products of `ids` that exist (in no particular order). */
export async function shopProductsForCart(db: Db, ids: number[], locale: Locale): Promise<ShopProduct[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      format: products.format,
      status: products.status,
      nameCs: products.nameCs,
      nameEn: products.nameEn,
      slugCs: products.slugCs,
      slugEn: products.slugEn,
      categorySlugCs: sql<string>`${categoryColumnSql("slug_cs", sql`${products.categoryId}`)}`,
      categorySlugEn: sql<string | null>`${categoryColumnSql("slug_en", sql`${products.categoryId}`)}`,
      priceMinor: products.priceMinor,
      originalPriceMinor: products.originalPriceMinor,
      isPriceSaleActive: products.isPriceSaleActive,
      stock: products.stock,
      taxRate: products.taxRate,
      image: coverImage,
    })
    .from(products)
    .where(inArray(products.id, unique));
  const en = locale === "en";
  return rows.map((row) => ({
    productId: row.id,
    name: en && row.nameEn ? row.nameEn : row.nameCs,
    url: localePath("product", locale, {
      id: row.id,
      category: en ? row.categorySlugEn || row.categorySlugCs : row.categorySlugCs,
      product: en ? row.slugEn || row.slugCs : row.slugCs,
    }),
    image: row.image,
    unitPriceMinor: row.priceMinor ?? 0,
    originalPriceMinor: struckPrice(row),
    stock: row.stock,
    taxRate: row.taxRate,
    buyable: row.format === "shop" && row.status === "active" && row.priceMinor !== null,
  }));
}

/** One line per product (a product twice in the lines counts once, with both quantities). */
function merged<T extends { productId: number; quantity: number }>(lines: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const line of lines) {
    const seen = byId.get(line.productId);
    byId.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byId.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Takes the lines' pieces from stock inside the caller's transaction, each line with one
 * conditional UPDATE that changes the row only while it is buyable, holds the pieces and still
 * costs what the customer saw. PostgreSQL re-checks that WHERE on the newest row version after
 * waiting for a concurrent buyer's lock (READ COMMITTED), so the last pieces go to exactly as many
 * buyers as there are pieces, and the stock never goes below zero. Products are taken in id order
 * so that two carts with the same products never wait for each other in a circle.
 *
 * On a problem the pieces already taken by this call stay taken: the caller rolls its transaction
 * back (that is what keeps an order and its stock together).
 */
export async function reserveStock(tx: Db, lines: readonly StockLine[]): Promise<StockReservation> {
  for (const line of merged(lines)) {
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          BUYABLE,
          gte(products.stock, line.quantity),
          line.unitPriceMinor === undefined ? undefined : eq(products.priceMinor, line.unitPriceMinor),
        ),
      )
      .returning({ id: products.id });
    if (!taken) return { ok: false, productId: line.productId, problem: await whyNot(tx, line) };
  }
  return { ok: true };
}

/** Why a line's pieces could not be taken, in the order the cart names its problems (core/rules/cart.ts). */
async function whyNot(tx: Db, line: StockLine): Promise<StockProblem> {
  const [row] = await tx
    .select({
      format: products.format,
      status: products.status,
      stock: products.stock,
      priceMinor: products.priceMinor,
    })
    .from(products)
    .where(eq(products.id, line.productId));
  // Gone, withdrawn from the shop or without a price: nothing of it can be sold.
  if (row?.format !== "shop" || row.status !== "active" || row.priceMinor === null) return "soldOut";
  if (row.stock <= 0) return "soldOut";
  if (row.stock < line.quantity) return "notEnoughStock";
  return "priceChanged";
}

/** Gives the lines' pieces back to stock (an unpaid order released), whatever the product's state now. */
export async function releaseStock(
  tx: Db,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  for (const line of merged(lines)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
