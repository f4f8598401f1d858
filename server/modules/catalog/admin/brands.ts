import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { brandNameKey, cleanBrandName } from "../brand.ts";
import type { CatalogProducts } from "../contracts.ts";
import { searchText } from "../search-text.ts";
import { type Brand, brands } from "../tables.ts";
import { type Actor, type AdminOutcome, auditEntry, done, fieldError, notFound } from "./outcomes.ts";

export const BRAND_SORTS = ["name", "products", "createdAt"] as const;
export type BrandRow = { id: number; name: string; productCount: number; createdAt: Date };

// Spelt out: inside a subquery Drizzle leaves columns unqualified, and "id" would be the product's.
const productCount = (products: CatalogProducts) =>
  sql<number>`${products.productCountSql("brand", sql`"brands"."id"`)}`;

/** A page of brands with how many products carry each; the search matches however a name is spelt. */
export async function brandsPage(
  db: Db,
  query: TableQuery<(typeof BRAND_SORTS)[number]>,
  products: CatalogProducts,
): Promise<TablePage<BrandRow>> {
  const count = productCount(products);
  const key = query.q ? searchText([query.q]) : "";
  const where = key ? sql`${brands.nameKey} like ${`%${key.replace(/[\\%_]/g, "\\$&")}%`}` : undefined;
  const direction = query.dir === "asc" ? asc : desc;
  const order =
    query.sort === "products"
      ? [direction(count), asc(brands.nameKey)]
      : query.sort === "createdAt"
        ? [direction(brands.createdAt), asc(brands.id)]
        : [query.sort === "name" ? direction(brands.nameKey) : asc(brands.nameKey), asc(brands.id)];
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, productCount: count, createdAt: brands.createdAt })
      .from(brands)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, productCount: Number(row.productCount) })),
    total: Number(total?.count ?? 0),
    page: query.page,
    size: query.size,
  };
}

/** Every brand's id and name, for choosing a merge's survivor or a listing's brand. */
export async function brandOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.nameKey));
}

/** Renames a brand; a name another brand already has is refused (merge the two instead). */
export async function renameBrand(
  db: Db,
  actor: Actor,
  id: number,
  rawName: string,
): Promise<AdminOutcome<Brand>> {
  const name = cleanBrandName(rawName);
  const nameKey = brandNameKey(name);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for("update");
    if (!before) return notFound;
    const [taken] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.nameKey, nameKey), ne(brands.id, id)))
      .limit(1);
    if (taken) return fieldError("name", "adminCatalog.errors.brandExists");
    const [after] = await tx.update(brands).set({ name, nameKey }).where(eq(brands.id, id)).returning();
    await recordAudit(tx, auditEntry(actor, "brand.rename", "brand", id, { name: before.name }, { name }));
    return done(after!);
  });
}

/**
 * Merges a duplicate brand into the survivor in one transaction: every product of the duplicate
 * now carries the survivor, and the duplicate is deleted. The audit keeps both ids and the
 * products moved, so the merge can be traced (and undone by hand).
 */
export async function mergeBrands(
  db: Db,
  actor: Actor,
  survivorId: number,
  duplicateId: number,
  products: CatalogProducts,
): Promise<AdminOutcome<{ survivor: Brand; productIds: number[] }>> {
  if (survivorId === duplicateId) return fieldError("duplicateId", "adminCatalog.errors.mergeSame");
  return db.transaction(async (tx) => {
    // Both rows locked in id order: two merges of the same pair cannot deadlock.
    const locked = await tx
      .select()
      .from(brands)
      .where(inArray(brands.id, [survivorId, duplicateId]))
      .orderBy(asc(brands.id))
      .for("update");
    const survivor = locked.find((row) => row.id === survivorId);
    const duplicate = locked.find((row) => row.id === duplicateId);
    if (!survivor) return fieldError("survivorId", "adminCatalog.errors.noBrand");
    if (!duplicate) return fieldError("duplicateId", "adminCatalog.errors.noBrand");
    const moved = await products.moveBrand(tx, duplicateId, survivorId);
    await tx.delete(brands).where(eq(brands.id, duplicateId));
    const productIds = moved.sort((a, b) => a - b);
    await recordAudit(
      tx,
      auditEntry(
        actor,
        "brand.merge",
        "brand",
        survivorId,
        {
          survivor: { id: survivor.id, name: survivor.name },
          duplicate: { id: duplicate.id, name: duplicate.name },
        },
        { survivor: { id: survivor.id, name: survivor.name } },
        { survivorId, duplicateId, productIds },
      ),
    );
    return done({ survivor, productIds });
  });
}
