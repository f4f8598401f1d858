import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { LISTING_TABLE_SORTS } from "#core/schemas/admin-catalog.ts";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { descendantsOf, searchText } from "#server/modules/catalog/index.ts";
import { brands, categories, packages } from "#server/modules/catalog/tables.ts";
import { productImages, productStatusChanges, products } from "#server/modules/listings/tables/products.ts";
import { usernameSql } from "#server/modules/users/index.ts";

export type ListingFilters = { status?: ProductStatus; format?: ProductFormat; categoryId?: number };

export type AdminListingRow = {
  id: number;
  name: string;
  format: ProductFormat;
  status: ProductStatus;
  category: string;
  seller: string | null;
  priceMinor: number | null;
  bidCount: number;
  createdAt: Date;
};

/** The price a list shows: the auction's leading (or opening) price, else the asking price. */
const shownPrice = sql<
  number | null
>`coalesce(${products.currentPriceMinor}, ${products.startPriceMinor}, ${products.priceMinor})`;
const sellerName = usernameSql(sql`${products.sellerId}`);

async function conditions(db: Db, query: TableQuery, filters: ListingFilters): Promise<SQL[]> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(products.status, filters.status));
  if (filters.format) where.push(eq(products.format, filters.format));
  if (filters.categoryId) {
    // A category means its whole branch, as on the site.
    const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    where.push(
      inArray(products.categoryId, [filters.categoryId, ...descendantsOf(rows, filters.categoryId)]),
    );
  }
  const q = query.q?.trim();
  if (q) {
    const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
    const words = `%${searchText([q]).replace(/[\\%_]/g, "\\$&")}%`;
    const like = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
    const text = sql`(${products.searchName} like ${words} or ${sellerName} ilike ${like})`;
    where.push(id === null ? text : sql`(${products.id} = ${id} or ${text})`);
  }
  return where;
}

/** A page of any listings (every status, the shop's too), searched by id, name or seller. */
export async function listingsPage(
  db: Db,
  query: TableQuery<(typeof LISTING_TABLE_SORTS)[number]>,
  filters: ListingFilters,
): Promise<TablePage<AdminListingRow>> {
  const where = and(...(await conditions(db, query, filters)));
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "price" ? direction(shownPrice) : direction(products.createdAt);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.nameCs,
        format: products.format,
        status: products.status,
        category: categories.nameCs,
        seller: sql<string | null>`${sellerName}`,
        priceMinor: shownPrice,
        bidCount: products.bidCount,
        createdAt: products.createdAt,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(sql`${order} nulls last`, desc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      priceMinor: row.priceMinor === null ? null : Number(row.priceMinor),
    })),
    total: Number(total?.count ?? 0),
    page: query.page,
    size: query.size,
  };
}

/** Everything staff see of one listing: its texts, taxonomy, seller, photos and status history. */
export async function adminListing(db: Db, id: number) {
  const [row] = await db
    .select({
      product: products,
      seller: sql<string | null>`${sellerName}`,
      categoryName: categories.nameCs,
      brandName: brands.name,
      packageName: packages.nameCs,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(packages, eq(packages.id, products.packageId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const [images, history] = await Promise.all([
    db
      .select({
        id: productImages.id,
        path: productImages.path,
        fileName: productImages.fileName,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({
        from: productStatusChanges.fromStatus,
        to: productStatusChanges.toStatus,
        actor: usernameSql(sql`${productStatusChanges.actorId}`),
        reason: productStatusChanges.reason,
        at: productStatusChanges.createdAt,
      })
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, id))
      .orderBy(asc(productStatusChanges.createdAt), asc(productStatusChanges.id)),
  ]);
  return {
    ...row,
    images: images.map((image) => ({
      id: image.id,
      url: `${image.path.replace(/\/+$/, "")}/${image.fileName}`,
      alt: image.alt,
    })),
    history: history.map((entry) => ({ ...entry, actor: (entry.actor as string | null) ?? null })),
  };
}

export type AdminListing = NonNullable<Awaited<ReturnType<typeof adminListing>>>;

/** The back office's reads of any listing (its edit is the listings module's createListingAdmin). */
export function createListingAdminReads(db: Db) {
  return {
    listingsPage: (query: TableQuery<"createdAt" | "price">, filters: ListingFilters) =>
      listingsPage(db, query, filters),
    listing: (id: number) => adminListing(db, id),
  };
}
