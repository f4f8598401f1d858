import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { brandNameKey } from "./brand.ts";
import { brands, categories, packages } from "./tables.ts";

/**
 * The catalogue's rows as the listings module needs them (ADR 0071): by id, and the brand a seller
 * types in, added when it is new. The named SQL fragments are for the statements that join a
 * product with its category, so that no other module names the catalogue's tables.
 */

export async function categoryById(db: Db, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

export async function brandById(db: Db, id: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  return row ?? null;
}

/** The brand whose name, however it is spelt, is `name`'s; null when there is none. */
export async function brandByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.nameKey, brandNameKey(name)))
    .limit(1);
  return row ?? null;
}

export async function packageById(db: Db, id: number) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row ?? null;
}

/** The brand with this name however it is spelt, added (by `userId`) when there is none; its id. */
export async function ensureBrand(db: Db, name: string, userId: number | null): Promise<number | null> {
  const key = brandNameKey(name);
  await db.insert(brands).values({ name, nameKey: key, createdById: userId }).onConflictDoNothing({
    target: brands.nameKey,
  });
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.nameKey, key)).limit(1);
  return row?.id ?? null;
}

/** A category's column (`slug_cs`, `slug_en`, `name_cs`, `name_en`) for the category in `id`. */
export function categoryColumnSql(column: "slug_cs" | "slug_en" | "name_cs" | "name_en", id: SQL): SQL {
  return sql`(select c.${sql.raw(column)} from ${categories} c where c.id = ${id})`;
}

/** The stored category is the subcategory; its top-level ancestor is the form's category. */
export async function rootCategoryOf(db: Db, categoryId: number): Promise<number> {
  const [category] = await db
    .select({ id: categories.id, parentId: categories.parentId, depth: categories.depth })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category || category.depth <= 1) return category?.id ?? categoryId;
  const chain = rowsOf<{ id: number }>(
    await db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, depth from ${categories} where id = ${category.id}
        union all
        select c.id, c.parent_id, c.depth from ${categories} c join up on c.id = up.parent_id where up.depth > 1
      )
      select id from up where depth = 1`),
  );
  return Number(chain[0]?.id ?? category.id);
}

/** Every category, inactive ones too, with its parent and names (the products' search text). */
export async function allCategoryNames(db: Db) {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      nameCs: categories.nameCs,
      nameEn: categories.nameEn,
    })
    .from(categories);
}

/** The name of the brand in `id` (a column or value), as a scalar subquery (null without one). */
export function brandNameSql(id: SQL): SQL {
  return sql`(select b.name from ${brands} b where b.id = ${id})`;
}
