import type { CategoryNode } from "#app/shell.ts";
import { FILL_LEVEL_KEY } from "#core/contracts/listing-attributes.ts";

/** A category as a choice in a select: its name, indented by its depth. */
export type CategoryOption = { id: number; name: string; depth: number };

/** The tree as a flat list, parents before their children. */
export function categoryOptions(tree: readonly CategoryNode[], depth = 0): CategoryOption[] {
  return tree.flatMap((node) => [
    { id: node.id, name: node.name, depth },
    ...categoryOptions(node.subcategories, depth + 1),
  ]);
}

/** A category and all its descendants (empty when the tree has no such category). */
export function branchIds(tree: readonly CategoryNode[], id: number): number[] {
  for (const node of tree) {
    if (node.id === id) return [node.id, ...categoryOptions(node.subcategories).map((option) => option.id)];
    const below = branchIds(node.subcategories, id);
    if (below.length) return below;
  }
  return [];
}

/** A select option's label: the name, indented by the depth with non-breaking spaces. */
export const optionLabel = (option: CategoryOption) => `${"\u00a0\u00a0".repeat(option.depth)}${option.name}`;

/**
 * The categories whose listings have a fill level: those under a category that defines the
 * `fill_level` attribute (spirits and wine; a definition applies to its whole subtree and is never
 * taken away deeper). A cigar's result has nothing to say about a fill level, not "not given".
 */
export function fillLevelCategories(
  tree: readonly CategoryNode[],
  definitions: readonly { categoryId: number; key: string }[],
): Set<number> {
  return new Set(
    definitions
      .filter((definition) => definition.key === FILL_LEVEL_KEY)
      .flatMap((definition) => branchIds(tree, definition.categoryId)),
  );
}
