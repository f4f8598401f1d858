import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { CatalogProducts } from "../contracts.ts";
import { type Category, categories, categorySlugHistory } from "../tables.ts";

/**
 * A category as the back office's tree shows it: in tree order, with what hangs on it: its own
 * products (filed in it), its branch's (its own and every subcategory's, at any depth) and its
 * subcategories.
 */
export type AdminCategoryRow = Category & {
  productCount: number;
  branchProductCount: number;
  childCount: number;
};

/**
 * Every category, active or not, in tree order (each parent before its children, siblings by
 * position). One query reads the categories with their own products' counts; the branch counts
 * are summed up the tree from them, so no query runs per category.
 */
export async function adminCategoryTree(db: Db, products: CatalogProducts): Promise<AdminCategoryRow[]> {
  const [categoryRows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    products.productCountsByCategory(db),
  ]);
  const own = new Map(counts.map((row) => [row.categoryId, row.n]));
  const rows = categoryRows.map((category) => ({ category, productCount: own.get(category.id) ?? 0 }));
  const children = new Map<number | null, AdminCategoryRow[]>();
  for (const { category, productCount } of rows) {
    const list = children.get(category.parentId) ?? [];
    const mine = Number(productCount);
    list.push({ ...category, productCount: mine, branchProductCount: mine, childCount: 0 });
    children.set(category.parentId, list);
  }
  const ordered: AdminCategoryRow[] = [];
  // Depth first: a row's subcategories are visited (and summed) before its branch count is final.
  const visit = (parentId: number | null): number => {
    let sum = 0;
    for (const row of children.get(parentId) ?? []) {
      row.childCount = children.get(row.id)?.length ?? 0;
      ordered.push(row);
      row.branchProductCount += visit(row.id);
      sum += row.branchProductCount;
    }
    return sum;
  };
  visit(null);
  return ordered;
}

/** One category with its earlier slugs (newest first); null when there is none. */
export async function adminCategory(
  db: Db,
  id: number,
  products: CatalogProducts,
): Promise<{ category: AdminCategoryRow; oldSlugs: { locale: "cs" | "en"; slug: string }[] } | null> {
  const tree = await adminCategoryTree(db, products);
  const category = tree.find((row) => row.id === id);
  if (!category) return null;
  const oldSlugs = await db
    .select({ locale: categorySlugHistory.locale, slug: categorySlugHistory.slug })
    .from(categorySlugHistory)
    .where(eq(categorySlugHistory.categoryId, id))
    .orderBy(sql`${categorySlugHistory.id} desc`);
  return { category, oldSlugs };
}

/** The ids of a category's descendants (not itself), from the parent links. */
export function descendantsOf(rows: readonly Pick<Category, "id" | "parentId">[], id: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row.id]);
  }
  const out: number[] = [];
  const stack = [...(byParent.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(byParent.get(next) ?? []));
  }
  return out;
}

/**
 * Whether a slug was once the category's (in either language): its old URLs answer 301 to the
 * category (app/routes/catalog/two-segment.tsx) instead of 404 or a product with the same id.
 */
export async function hadCategorySlug(db: Db, id: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: categorySlugHistory.id })
    .from(categorySlugHistory)
    .where(sql`${categorySlugHistory.categoryId} = ${id} and ${categorySlugHistory.slug} = ${slug}`)
    .limit(1);
  return rows.length > 0;
}
