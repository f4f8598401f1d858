import { asc, eq } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { FormOptions } from "./contracts.ts";
import { brands, categories, packages } from "./tables.ts";

export type CategoryRow = {
  id: number;
  parentId: number | null;
  depth: number;
  position: number;
  name: string;
};

/** The active categories in the locale, by depth and position. */
export async function loadCategories(db: Db, locale: Locale): Promise<CategoryRow[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      depth: categories.depth,
      position: categories.position,
      nameCs: categories.nameCs,
      nameEn: categories.nameEn,
    })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id));
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    depth: row.depth,
    position: row.position,
    name: locale === "en" && row.nameEn ? row.nameEn : row.nameCs,
  }));
}

/** Every descendant of a root in tree order (depth first, by position), with its depth. */
export function descendants(rootId: number, rows: CategoryRow[]) {
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows)
    if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const out: { id: number; name: string; depth: number; path: string[] }[] = [];
  const walk = (id: number, path: string[], guard: number) => {
    if (guard > 6) return;
    for (const child of children.get(id) ?? []) {
      const childPath = [...path, child.name];
      out.push({ id: child.id, name: child.name, depth: child.depth, path: childPath });
      walk(child.id, childPath, guard + 1);
    }
  };
  walk(rootId, [], 0);
  return out;
}

/** Categories (top level with their subcategories), packages and known brand names for the form. */
export async function formOptions(db: Db, locale: Locale): Promise<FormOptions> {
  const [rows, packageRows, brandRows] = await Promise.all([
    loadCategories(db, locale),
    db
      .select({ id: packages.id, nameCs: packages.nameCs, nameEn: packages.nameEn })
      .from(packages)
      .orderBy(asc(packages.position), asc(packages.id)),
    db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)).limit(2000),
  ]);
  return {
    categories: rows
      .filter((row) => row.depth === 1)
      .map((root) => ({
        id: root.id,
        name: root.name,
        subcategories: descendants(root.id, rows).map((row) => ({
          id: row.id,
          name: row.path.join(" › "),
          depth: row.depth,
        })),
      })),
    packages: packageRows.map((row) => ({
      id: row.id,
      name: locale === "en" && row.nameEn ? row.nameEn : row.nameCs,
    })),
    brands: brandRows.map((row) => row.name),
  };
}
