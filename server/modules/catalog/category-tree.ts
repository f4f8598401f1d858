/**
 * Builds the nested category tree (up to 5 levels: docs/product/screens.md, "Parts of every page")
 * from flat rows ordered by position.
 */
export type CategoryRow = {
  id: number;
  parentId: number | null;
  position: number;
  slug: string;
  name: string;
};
export type CategoryNode = { id: number; slug: string; name: string; subcategories: CategoryNode[] };

export const MAX_CATEGORY_DEPTH = 5;

export function buildCategoryTree(rows: CategoryRow[]): CategoryNode[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const nodes = new Map<number, CategoryNode>();
  for (const row of sorted)
    nodes.set(row.id, { id: row.id, slug: row.slug, name: row.name, subcategories: [] });
  const roots: CategoryNode[] = [];
  for (const row of sorted) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (row.parentId === null) roots.push(node);
    // A child of an inactive (absent) parent is hidden with it.
    else if (parent) parent.subcategories.push(node);
  }
  return roots;
}
