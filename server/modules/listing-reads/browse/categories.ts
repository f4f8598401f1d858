import { sql } from "drizzle-orm";
import type { CategoryDetail, CategoryLink } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { isRowId } from "#server/db/rows.ts";
import { categoryLinkOf } from "#server/modules/catalog/index.ts";
import { rowsOf, toNumber } from "./sql-parts.ts";

export type ActiveCategoryRow = {
  id: number;
  parentId: number | null;
  position: number;
  slugCs: string;
  slugEn: string | null;
  nameCs: string;
  nameEn: string | null;
  descriptionCs: string | null;
  descriptionEn: string | null;
  /** Both names, lower-cased and unaccented (for suggestions). */
  searchName: string;
};

/** Where the active categories come from: the database, or the shell data kept in memory. */
export type CategoryRows = () => Promise<readonly ActiveCategoryRow[]>;

export async function activeCategories(db: Db): Promise<ActiveCategoryRow[]> {
  const result = await db.execute(sql`
    select id, parent_id, position, slug_cs, slug_en, name_cs, name_en, description_cs, description_en,
      lower(unaccent(name_cs || ' ' || coalesce(name_en, ''))) as search_name
    from categories where is_active order by position, id`);
  return rowsOf(result).map((row) => ({
    id: Number(row.id),
    parentId: toNumber(row.parent_id),
    position: Number(row.position),
    slugCs: String(row.slug_cs),
    slugEn: (row.slug_en as string | null) ?? null,
    nameCs: String(row.name_cs),
    nameEn: (row.name_en as string | null) ?? null,
    descriptionCs: (row.description_cs as string | null) ?? null,
    descriptionEn: (row.description_en as string | null) ?? null,
    searchName: String(row.search_name ?? ""),
  }));
}

/** The catalogue's link to a category in the language. */
export const categoryLink = (row: ActiveCategoryRow, locale: Locale): CategoryLink =>
  categoryLinkOf(row, locale);

/** Ancestors of a category, root first, without the category itself; null when one is inactive. */
export function ancestorsOf(
  row: ActiveCategoryRow,
  byId: Map<number, ActiveCategoryRow>,
): ActiveCategoryRow[] | null {
  const path: ActiveCategoryRow[] = [];
  let parentId = row.parentId;
  // The tree is at most 5 levels; the bound guards against a cycle in bad data.
  for (let guard = 0; parentId !== null && guard < 10; guard++) {
    const parent = byId.get(parentId);
    if (!parent) return null;
    path.unshift(parent);
    parentId = parent.parentId;
  }
  return path;
}

/** A category page's category: null when it does not exist or it (or an ancestor) is inactive. */
export async function findCategory(
  categoryRows: CategoryRows,
  id: number,
  locale: Locale,
): Promise<CategoryDetail | null> {
  if (!isRowId(id)) return null;
  const rows = await categoryRows();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const row = byId.get(id);
  if (!row) return null;
  const ancestors = ancestorsOf(row, byId);
  if (!ancestors) return null;
  const english = locale === "en";
  return {
    ...categoryLink(row, locale),
    description: (english && row.descriptionEn) || row.descriptionCs || null,
    path: ancestors.map((ancestor) => categoryLink(ancestor, locale)),
    children: rows.filter((child) => child.parentId === id).map((child) => categoryLink(child, locale)),
    urls: { cs: categoryLink(row, "cs").url, en: categoryLink(row, "en").url },
    slugs: { cs: categoryLink(row, "cs").slug, en: categoryLink(row, "en").slug },
  };
}

/** The children of each category (null: the roots), per list of rows: the rows are shared. */
const childrenByRows = new WeakMap<readonly ActiveCategoryRow[], Map<number | null, number[]>>();

/** A category and its active descendants, breadth first; [] when it is unknown or inactive. */
export function branchOf(rows: readonly ActiveCategoryRow[], categoryId: number): number[] {
  let children = childrenByRows.get(rows);
  if (!children) {
    children = new Map();
    for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
    childrenByRows.set(rows, children);
  }
  if (!rows.some((row) => row.id === categoryId)) return [];
  const ids: number[] = [];
  const queue = [categoryId];
  while (queue.length > 0 && ids.length < 10_000) {
    const id = queue.shift()!;
    ids.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return ids;
}
