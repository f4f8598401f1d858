import { sql } from "drizzle-orm";
import type { CategoryLink } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { categories } from "./tables.ts";

/** A category as a path needs it (the active rows a reader keeps in memory have these fields). */
export type PathCategory = {
  id: number;
  parentId: number | null;
  slugCs: string;
  slugEn: string | null;
  nameCs: string;
  nameEn: string | null;
};

/** A link to the category in the language (English falls back to Czech): a step of a path. */
export function categoryLinkOf(row: PathCategory, locale: Locale): CategoryLink {
  const english = locale === "en";
  const slug = (english && row.slugEn) || row.slugCs;
  return {
    id: row.id,
    slug,
    name: (english && row.nameEn) || row.nameCs,
    url: localePath("category", locale, { id: row.id, slug }),
  };
}

/** The kept rows by id, built once per list of rows (a new list comes when a category changes). */
const rowsById = new WeakMap<readonly PathCategory[], Map<number, PathCategory>>();

/** The path from the kept rows; null when a category of it is not among them (an inactive one). */
function keptPath(rows: readonly PathCategory[], categoryId: number, locale: Locale): CategoryLink[] | null {
  let byId = rowsById.get(rows);
  if (!byId) {
    byId = new Map(rows.map((row) => [row.id, row]));
    rowsById.set(rows, byId);
  }
  const path: CategoryLink[] = [];
  for (let id: number | null = categoryId; id !== null; ) {
    const row = byId.get(id);
    if (!row || path.length > 10) return null;
    path.push(categoryLinkOf(row, locale));
    id = row.parentId;
  }
  return path.reverse();
}

/**
 * A category and its ancestors, root first: from the active categories a reader keeps in memory
 * (`kept`, no statement), else read with one generic plan for every category (ADR 0050).
 */
export async function categoryPath(
  db: Db,
  categoryId: number,
  locale: Locale,
  kept?: readonly PathCategory[],
): Promise<CategoryLink[]> {
  const fromKept = kept ? keptPath(kept, categoryId, locale) : null;
  if (fromKept) return fromKept;
  const result = await genericPlans(db).execute(sql`
    with recursive chain(id, parent_id, slug_cs, slug_en, name_cs, name_en, level) as (
      select id, parent_id, slug_cs, slug_en, name_cs, name_en, 0 from ${categories} where id = ${categoryId}
      union all
      select c.id, c.parent_id, c.slug_cs, c.slug_en, c.name_cs, c.name_en, chain.level + 1
      from ${categories} c join chain on c.id = chain.parent_id
      where chain.level < 10
    )
    select id, parent_id, slug_cs, slug_en, name_cs, name_en from chain order by level desc`);
  type Row = {
    id: number;
    parent_id: number | null;
    slug_cs: string;
    slug_en: string | null;
    name_cs: string;
    name_en: string | null;
  };
  return rowsOf<Row>(result).map((row) =>
    categoryLinkOf(
      {
        id: Number(row.id),
        parentId: row.parent_id,
        slugCs: row.slug_cs,
        slugEn: row.slug_en,
        nameCs: row.name_cs,
        nameEn: row.name_en,
      },
      locale,
    ),
  );
}
