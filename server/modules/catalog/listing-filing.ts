import { eq } from "drizzle-orm";
import type { Locale, MessageKey } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type CategoryRow, descendants, loadCategories } from "./form-options.ts";
import { categories } from "./tables.ts";

/**
 * Where a listing may be filed, by the seller's own rule (the listings module's submission/resolve.ts, read from the same
 * active tree): an active top-level category without active subcategories, or any active
 * subcategory under active ones. Staff correcting a listing's filing keep to it too.
 */
function fileable(rows: CategoryRow[]): { id: number; path: string[] }[] {
  return rows
    .filter((row) => row.depth === 1)
    .flatMap((root) => {
      const below = descendants(root.id, rows);
      if (below.length === 0) return [{ id: root.id, path: [root.name] }];
      return below.map((row) => ({ id: row.id, path: [root.name, ...row.path] }));
    });
}

/** Why a listing may not be filed in the category (a message key), or null when it may. */
export async function filingProblem(tx: Db, categoryId: number): Promise<MessageKey | null> {
  const active = await loadCategories(tx, "cs");
  if (fileable(active).some((row) => row.id === categoryId)) return null;
  if (active.some((row) => row.id === categoryId && row.depth === 1))
    return "adminCatalog.errors.categoryHasChildren";
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return found ? "adminCatalog.errors.categoryHidden" : "adminCatalog.errors.noCategory";
}

/** The categories a listing may be filed in, in tree order, each with its path ("Rum › Jamajka"). */
export async function filingOptions(db: Db, locale: Locale): Promise<{ id: number; label: string }[]> {
  return fileable(await loadCategories(db, locale)).map((row) => ({
    id: row.id,
    label: row.path.join(" › "),
  }));
}
