import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { intArray } from "#server/db/sql-arrays.ts";
import {
  allCategoryNames,
  brandNameSql,
  categoryPathNames,
  productSearchName,
  productSearchText,
  type SearchTextScope,
} from "#server/modules/catalog/index.ts";

/**
 * Keeps `products.search_text` (and `search_name`, the names alone, by which search ranks) true to
 * the database. The text is built in code (search-text.ts:
 * SQL's unaccent() is not IMMUTABLE and normalises differently), so whatever changes a product's
 * names or descriptions, its brand's name or a category name on its path calls refreshSearchText
 * for the products concerned. The search_words vocabulary follows by its trigger.
 */

type Row = Record<string, unknown>;
type CategoryRow = { id: number; parentId: number | null; nameCs: string; nameEn: string | null };

const BATCH = 1000;

async function loadCategories(db: Db): Promise<Map<number, CategoryRow>> {
  // Inactive categories too: a product filed under a hidden branch keeps its path's words.
  return new Map((await allCategoryNames(db)).map((row) => [row.id, row]));
}

/** The category ids and all their descendants. */
function withDescendants(ids: number[], byId: Map<number, CategoryRow>): number[] {
  const children = new Map<number, number[]>();
  for (const category of byId.values())
    if (category.parentId !== null)
      children.set(category.parentId, [...(children.get(category.parentId) ?? []), category.id]);
  const out = new Set<number>();
  const queue = ids.filter((id) => byId.has(id));
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/**
 * Recomputes search_text and search_name of the products in scope and stores it where it changed, in batches of
 * 1000 (one read and at most one write each). Returns how many products changed. updated_at is
 * left alone: the text is derived, the product itself did not change.
 */
export async function refreshSearchText(db: Db, scope: SearchTextScope): Promise<number> {
  const categories = await loadCategories(db);
  let filter: SQL;
  if ("productIds" in scope) {
    const ids = [...new Set(scope.productIds.filter((id) => Number.isSafeInteger(id)))];
    let changed = 0;
    for (let i = 0; i < ids.length; i += BATCH)
      changed += await writeChanged(
        db,
        categories,
        await readBatch(db, sql`p.id = any(${intArray(ids.slice(i, i + BATCH))})`),
      );
    return changed;
  }
  if ("brandIds" in scope) {
    if (scope.brandIds.length === 0) return 0;
    filter = sql`p.brand_id = any(${intArray(scope.brandIds)})`;
  } else if ("categoryIds" in scope) {
    const ids = withDescendants(scope.categoryIds, categories);
    if (ids.length === 0) return 0;
    filter = sql`p.category_id = any(${intArray(ids)})`;
  } else filter = sql`true`;
  // Keyset pages by id: a brand of the whole catalogue must not become one huge statement.
  let changed = 0;
  let after = 0;
  for (;;) {
    const batch = await readBatch(db, sql`${filter} and p.id > ${after}`);
    if (batch.length === 0) break;
    changed += await writeChanged(db, categories, batch);
    after = Number(batch[batch.length - 1].id);
    if (batch.length < BATCH) break;
  }
  return changed;
}

async function readBatch(db: Db, where: SQL): Promise<Row[]> {
  const result = await db.execute(sql`
    select p.id, p.name_cs, p.name_en, p.description_cs, p.description_en, p.category_id, p.search_text,
      p.search_name, ${brandNameSql(sql`p.brand_id`)} as brand_name
    from products p
    where ${where}
    order by p.id
    limit ${BATCH}`);
  return rowsOf<Row>(result);
}

async function writeChanged(db: Db, categories: Map<number, CategoryRow>, rows: Row[]): Promise<number> {
  const changed: { id: number; text: string; name: string }[] = [];
  for (const row of rows) {
    const name = productSearchName(String(row.name_cs), row.name_en as string | null);
    const text = productSearchText({
      nameCs: String(row.name_cs),
      nameEn: row.name_en as string | null,
      brand: row.brand_name as string | null,
      categories: categoryPathNames(Number(row.category_id), categories),
      descriptionCs: row.description_cs as string | null,
      descriptionEn: row.description_en as string | null,
    });
    if (text !== row.search_text || name !== row.search_name)
      changed.push({ id: Number(row.id), text, name });
  }
  if (changed.length === 0) return 0;
  await db.execute(sql`
    update products p set search_text = v.search_text, search_name = v.search_name
    from (values ${sql.join(
      changed.map((entry) => sql`(${entry.id}::int, ${entry.text}::text, ${entry.name}::text)`),
      sql`, `,
    )}) as v(id, search_text, search_name)
    where p.id = v.id`);
  return changed.length;
}

/** The nightly sweep's work (ADR 0147): drops the live words no live listing has, 500 a transaction. */
export async function pruneLiveWords(db: Db): Promise<number> {
  let removed = 0;
  for (let after: string | null = ""; after !== null; ) {
    const from: string = after;
    const [row] = rowsOf<{ removed: number; last_word: string | null }>(
      await db.execute(sql`select * from search_live_words_prune(${from})`),
    );
    removed += Number(row?.removed ?? 0);
    after = row?.last_word ?? null;
  }
  return removed;
}
