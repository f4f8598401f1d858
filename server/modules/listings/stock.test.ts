import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";
import { releaseStock, reserveStock, shopProductsForCart } from "./stock.ts";
import { products } from "./tables/products.ts";

/** The shop's reads of its products and the stock's moves, one product at a time (the races: orders/shop-orders.test.ts). */

let database: TestDatabase;
let db: Db;
let categoryId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  categoryId = (await insertCategory(db, { slugCs: "rum", slugEn: "rum-en" })).id;
});
afterAll(() => database?.dispose());

const stockOf = async (id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

describe("shopProductsForCart", () => {
  it("reads the price now, the struck price of a sale, the stock, the page and the photo, in the language asked", async () => {
    const sale = await insertProduct(db, {
      categoryId,
      slugCs: "zacapa",
      slugEn: "zacapa-en",
      priceMinor: 99_000,
      originalPriceMinor: 129_000,
      isPriceSaleActive: true,
      stock: 4,
    });
    await insertProductImage(db, sale.id, { path: "/uploads/p", fileName: "a.webp" });
    const ended = await insertProduct(db, { categoryId, status: "ended", stock: 2 });
    const unpriced = await insertProduct(db, { categoryId, priceMinor: null, stock: 1 });
    const read = await shopProductsForCart(db, [sale.id, ended.id, unpriced.id, sale.id, 999_999], "en");
    expect(read).toHaveLength(3);
    expect(read.find((p) => p.productId === sale.id)).toEqual({
      productId: sale.id,
      name: sale.nameEn,
      url: `/en/${sale.id}/rum-en/zacapa-en`,
      image: "/uploads/p/a.webp",
      unitPriceMinor: 99_000,
      originalPriceMinor: 129_000,
      stock: 4,
      taxRate: 21,
      buyable: true,
    });
    expect(read.find((p) => p.productId === ended.id)?.buyable).toBe(false);
    expect(read.find((p) => p.productId === unpriced.id)?.buyable).toBe(false);
  });
});

describe("reserveStock and releaseStock", () => {
  it("take pieces only from a live shop product at the price seen, and give them back", async () => {
    const product = await insertProduct(db, { categoryId, priceMinor: 50_000, stock: 3 });
    const twice = [
      { productId: product.id, quantity: 1, unitPriceMinor: 50_000 },
      { productId: product.id, quantity: 1, unitPriceMinor: 50_000 },
    ];
    expect(await reserveStock(db, twice)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(1);
    expect(await reserveStock(db, [{ productId: product.id, quantity: 1, unitPriceMinor: 49_000 }])).toEqual({
      ok: false,
      productId: product.id,
      problem: "priceChanged",
    });
    // An order already paid takes its piece at whatever the price is now.
    expect(await reserveStock(db, [{ productId: product.id, quantity: 1 }])).toEqual({ ok: true });
    expect(await reserveStock(db, [{ productId: product.id, quantity: 1, unitPriceMinor: 50_000 }])).toEqual({
      ok: false,
      productId: product.id,
      problem: "soldOut",
    });
    await releaseStock(db, [{ productId: product.id, quantity: 3 }]);
    expect(await stockOf(product.id)).toBe(3);
    await db.update(products).set({ status: "cancelled" }).where(eq(products.id, product.id));
    expect(
      (await reserveStock(db, [{ productId: product.id, quantity: 1, unitPriceMinor: 50_000 }])).ok,
    ).toBe(false);
    expect(await stockOf(product.id)).toBe(3);
  });
});
