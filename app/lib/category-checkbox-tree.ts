/**
 * Category tree helpers (docs/product/screens.md, "Parts of every page" and "Client state"): the
 * newsletter's category checkbox selector (4 levels), the sidebar ordering, and depth limits
 * (sidebar 5 levels, selector 4). Pure: inputs are never mutated; untouched nodes are shared
 * between the input and the result.
 */

/** The shape of `GET /api/catalog/category/{locale}`; generic so callers keep their own fields. */
export type CategoryTreeNode<T> = { id: number; subcategories: readonly T[] };

/**
 * "down" (check-down): ticking ticks all descendants, unticking clears them.
 * "up" (check-up): ticking ticks all ancestors; unticking clears the category and its descendants,
 * so every ticked category keeps all its ancestors ticked (a ticked child under an unticked parent
 * would contradict the mode). In both modes unticking leaves the ancestors as they are.
 */
export type CheckMode = "down" | "up";

export const SIDEBAR_DEPTH = 5;
export const CHECKBOX_TREE_DEPTH = 4;

/**
 * The top category whose subcategories 2 and 3 lead in the sidebar (docs/product/screens.md, "Parts
 * of every page").
 */
const SIDEBAR_TOP_ID = 1;
const SIDEBAR_LEADING_IDS = [2, 3];

/** The nodes down to `depth` levels (1 = top level only); deeper subcategories become []. */
export function limitDepth<T extends CategoryTreeNode<T>>(tree: readonly T[], depth: number): T[] {
  if (!(depth >= 1)) return [];
  return tree.map((node) => ({ ...node, subcategories: limitDepth(node.subcategories, depth - 1) }));
}

/** The path from a top category down to the category with this id (inclusive); [] when absent. */
export function categoryPath<T extends CategoryTreeNode<T>>(tree: readonly T[], id: number): T[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.subcategories, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The ids of all categories below a node, depth first. */
export function descendantIds<T extends CategoryTreeNode<T>>(node: T): number[] {
  return node.subcategories.flatMap((child) => [child.id, ...descendantIds(child)]);
}

/** Ascending, without duplicates: the selection's canonical form. */
function normalize(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The selection after the visitor clicks a category's checkbox (tick when it was not selected,
 * untick when it was). Only the first `maxDepth` levels take part, as only they are shown; selected
 * ids outside them (or unknown to the tree) are kept, so a stored choice is never lost silently. An
 * id not in the shown tree leaves the selection as it was (normalized).
 */
export function toggleCategory<T extends CategoryTreeNode<T>>(
  tree: readonly T[],
  selected: readonly number[],
  toggledId: number,
  mode: CheckMode,
  maxDepth: number = CHECKBOX_TREE_DEPTH,
): number[] {
  const path = categoryPath(limitDepth(tree, maxDepth), toggledId);
  const node = path.at(-1);
  if (!node) return normalize(selected);
  const result = new Set(selected);
  if (result.has(toggledId)) {
    for (const id of [toggledId, ...descendantIds(node)]) result.delete(id);
  } else {
    const added = mode === "down" ? [toggledId, ...descendantIds(node)] : path.map((entry) => entry.id);
    for (const id of added) result.add(id);
  }
  return normalize(result);
}

/**
 * The sidebar order: under top category 1, subcategories 2 and 3 come first (2, then 3), the rest
 * keep their order. Returns a new top-level array; the tree is left as it was.
 */
export function sortSidebarCategories<T extends CategoryTreeNode<T>>(tree: readonly T[]): T[] {
  return tree.map((node) => {
    if (node.id !== SIDEBAR_TOP_ID) return node;
    const leading = SIDEBAR_LEADING_IDS.flatMap((id) =>
      node.subcategories.filter((child) => child.id === id),
    );
    const rest = node.subcategories.filter((child) => !SIDEBAR_LEADING_IDS.includes(child.id));
    return { ...node, subcategories: [...leading, ...rest] };
  });
}
