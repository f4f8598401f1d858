import type { Db } from "../db/client.ts";
import { categories } from "../modules/catalog/tables.ts";
import { type NewProduct, productImages, products } from "../modules/listings/tables/products.ts";

/**
 * Minimal catalogue rows for integration tests, inserted directly. Each helper takes overrides so
 * that a test states only what it is about.
 */

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export async function insertCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({
      slugCs: `kategorie-${n}`,
      slugEn: `category-${n}`,
      nameCs: `Kategorie ${n}`,
      nameEn: `Category ${n}`,
      ...overrides,
    })
    .returning();
  return row;
}

/** A product; by default an active shop product (shop products need no seller). */
export async function insertProduct(db: Db, overrides: Partial<NewProduct> & { categoryId: number }) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      format: "shop",
      status: "active",
      nameCs: `Produkt ${n}`,
      nameEn: `Product ${n}`,
      slugCs: `produkt-${n}`,
      slugEn: `product-${n}`,
      priceMinor: 100_000,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertProductImage(
  db: Db,
  productId: number,
  overrides: Partial<typeof productImages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(productImages)
    .values({ productId, path: `/uploads/products/${productId}`, fileName: `${next()}.webp`, ...overrides })
    .returning();
  return row;
}

/**
 * A three-level branch (Alkohol > Rum > Jamajka, English slugs for the first two only) with two
 * active shop products in the leaf, the first with two images, the second without one.
 */
export async function insertCatalogFixture(db: Db) {
  const root = await insertCategory(db, {
    depth: 1,
    slugCs: "alkohol",
    slugEn: "spirits",
    nameCs: "Alkohol",
    nameEn: "Spirits",
  });
  const rum = await insertCategory(db, {
    parentId: root.id,
    depth: 2,
    slugCs: "rum",
    slugEn: "rum",
    nameCs: "Rum",
    nameEn: "Rum",
  });
  const jamaica = await insertCategory(db, {
    parentId: rum.id,
    depth: 3,
    slugCs: "jamajka",
    slugEn: null,
    nameCs: "Jamajka",
    nameEn: null,
  });
  const hampden = await insertProduct(db, {
    categoryId: jamaica.id,
    nameCs: "Hampden 8 let",
    nameEn: "Hampden 8 years",
    slugCs: "hampden-8-let",
    slugEn: "hampden-8-years",
    priceMinor: 189_000,
  });
  const second = await insertProductImage(db, hampden.id, {
    position: 1,
    path: "/uploads/products/h",
    fileName: "back.webp",
  });
  const main = await insertProductImage(db, hampden.id, {
    position: 0,
    path: "/uploads/products/h/",
    fileName: "front.webp",
  });
  const appleton = await insertProduct(db, {
    categoryId: jamaica.id,
    nameCs: "Appleton 12",
    nameEn: null,
    slugCs: "appleton-12",
    slugEn: null,
    priceMinor: 99_000,
  });
  return { categories: { root, rum, jamaica }, products: { hampden, appleton }, images: { main, second } };
}
