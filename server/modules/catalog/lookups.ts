import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
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
