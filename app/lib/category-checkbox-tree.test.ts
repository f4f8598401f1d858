import { describe, expect, it } from "vitest";
import {
  CHECKBOX_TREE_DEPTH,
  categoryPath,
  descendantIds,
  limitDepth,
  SIDEBAR_DEPTH,
  sortSidebarCategories,
  toggleCategory,
} from "./category-checkbox-tree.ts";

type Node = { id: number; slug: string; name: string; subcategories: Node[] };

const node = (id: number, subcategories: Node[] = []): Node => ({
  id,
  slug: `c-${id}`,
  name: `Category ${id}`,
  subcategories,
});

/** Five levels deep under 1 > 2 > 21 > 211 > 2111. */
const tree: Node[] = [
  node(1, [node(5), node(3, [node(31)]), node(4), node(2, [node(21, [node(211, [node(2111)])]), node(22)])]),
  node(6, [node(61)]),
];
const snapshot = structuredClone(tree);

describe("toggleCategory, check-down mode", () => {
  it("ticks a category and all its descendants (within 4 levels)", () => {
    expect(toggleCategory(tree, [], 2, "down")).toEqual([2, 21, 22, 211]);
    expect(toggleCategory(tree, [], 1, "down")).toEqual([1, 2, 3, 4, 5, 21, 22, 31, 211]);
  });

  it("ticks a leaf alone and leaves the ancestors unticked", () => {
    expect(toggleCategory(tree, [], 22, "down")).toEqual([22]);
  });

  it("unticks a category and clears its descendants, keeping its ancestors", () => {
    expect(toggleCategory(tree, [1, 2, 21, 22, 211], 21, "down")).toEqual([1, 2, 22]);
    expect(toggleCategory(tree, [1, 2, 3, 4, 5, 21, 22, 31, 211, 61], 1, "down")).toEqual([61]);
  });

  it("ticks the descendants even when some already were ticked, without duplicates", () => {
    expect(toggleCategory(tree, [22, 22, 61], 2, "down")).toEqual([2, 21, 22, 61, 211]);
  });
});

describe("toggleCategory, check-up mode", () => {
  it("ticks a category and all its ancestors, not its descendants", () => {
    expect(toggleCategory(tree, [], 211, "up")).toEqual([1, 2, 21, 211]);
    expect(toggleCategory(tree, [], 2, "up")).toEqual([1, 2]);
    expect(toggleCategory(tree, [61], 31, "up")).toEqual([1, 3, 31, 61]);
  });

  it("unticks a category and its descendants, leaving the ancestors ticked", () => {
    expect(toggleCategory(tree, [1, 2, 21, 211], 21, "up")).toEqual([1, 2]);
    expect(toggleCategory(tree, [1, 2, 21, 211], 211, "up")).toEqual([1, 2, 21]);
    expect(toggleCategory(tree, [1, 2, 21, 211, 3], 1, "up")).toEqual([]);
  });
});

describe("toggleCategory, edges", () => {
  it("supports 4 levels: a 5th-level category cannot be toggled", () => {
    expect(CHECKBOX_TREE_DEPTH).toBe(4);
    expect(toggleCategory(tree, [5, 1], 2111, "down")).toEqual([1, 5]);
    expect(toggleCategory(tree, [], 2111, "up")).toEqual([]);
  });

  it("keeps selected ids outside the shown tree, including hidden deeper ones", () => {
    expect(toggleCategory(tree, [999, 2111], 2, "down")).toEqual([2, 21, 22, 211, 999, 2111]);
    expect(toggleCategory(tree, [2, 21, 211, 2111], 2, "down")).toEqual([2111]);
  });

  it("leaves the selection (sorted, without duplicates) for an unknown id", () => {
    expect(toggleCategory(tree, [3, 1, 3], 404, "down")).toEqual([1, 3]);
  });

  it("takes a different depth when asked", () => {
    expect(toggleCategory(tree, [], 2, "down", 5)).toEqual([2, 21, 22, 211, 2111]);
    expect(toggleCategory(tree, [], 1, "down", 1)).toEqual([1]);
  });

  it("does not mutate its inputs", () => {
    const selected = [22, 1];
    toggleCategory(tree, selected, 2, "down");
    toggleCategory(tree, selected, 1, "up");
    expect(selected).toEqual([22, 1]);
    expect(tree).toEqual(snapshot);
  });
});

describe("categoryPath and descendantIds", () => {
  it("finds the path from the top category", () => {
    expect(categoryPath(tree, 211).map((entry) => entry.id)).toEqual([1, 2, 21, 211]);
    expect(categoryPath(tree, 6).map((entry) => entry.id)).toEqual([6]);
    expect(categoryPath(tree, 404)).toEqual([]);
  });

  it("lists all descendants", () => {
    expect(descendantIds(tree[0].subcategories[3])).toEqual([21, 211, 2111, 22]);
    expect(descendantIds(node(7))).toEqual([]);
  });
});

describe("sortSidebarCategories", () => {
  const ids = (nodes: Node[]) => nodes.map((entry) => entry.id);

  it("moves subcategories 2 and 3 of top category 1 to the front, 2 first", () => {
    const sorted = sortSidebarCategories(tree);
    expect(ids(sorted)).toEqual([1, 6]);
    expect(ids(sorted[0].subcategories)).toEqual([2, 3, 5, 4]);
    // The moved nodes keep their own subtrees.
    expect(ids(sorted[0].subcategories[0].subcategories)).toEqual([21, 22]);
  });

  it("works when only one of them is present, or none", () => {
    expect(ids(sortSidebarCategories([node(1, [node(9), node(3)])])[0].subcategories)).toEqual([3, 9]);
    expect(ids(sortSidebarCategories([node(1, [node(9), node(8)])])[0].subcategories)).toEqual([9, 8]);
  });

  it("moves nothing outside top category 1", () => {
    const other = [node(7, [node(9), node(3), node(2)]), node(3), node(2)];
    expect(ids(sortSidebarCategories(other))).toEqual([7, 3, 2]);
    expect(ids(sortSidebarCategories(other)[0].subcategories)).toEqual([9, 3, 2]);
    expect(sortSidebarCategories([])).toEqual([]);
  });

  it("returns a new tree and leaves the input as it was", () => {
    const sorted = sortSidebarCategories(tree);
    expect(sorted).not.toBe(tree);
    expect(sorted[0]).not.toBe(tree[0]);
    expect(tree).toEqual(snapshot);
  });
});

describe("limitDepth", () => {
  const depthOf = (nodes: Node[]): number =>
    nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((entry) => depthOf(entry.subcategories)));

  it("cuts the tree to the sidebar's 5 and the selector's 4 levels", () => {
    expect(SIDEBAR_DEPTH).toBe(5);
    expect(depthOf(tree)).toBe(5);
    expect(depthOf(limitDepth(tree, SIDEBAR_DEPTH))).toBe(5);
    expect(depthOf(limitDepth(tree, CHECKBOX_TREE_DEPTH))).toBe(4);
    expect(categoryPath(limitDepth(tree, 4), 211)).toHaveLength(4);
    expect(categoryPath(limitDepth(tree, 4), 2111)).toEqual([]);
  });

  it("keeps only top categories at depth 1 and nothing at 0 or below", () => {
    expect(limitDepth(tree, 1)).toEqual([
      { id: 1, slug: "c-1", name: "Category 1", subcategories: [] },
      { id: 6, slug: "c-6", name: "Category 6", subcategories: [] },
    ]);
    expect(limitDepth(tree, 0)).toEqual([]);
    expect(limitDepth(tree, -1)).toEqual([]);
    expect(limitDepth(tree, Number.NaN)).toEqual([]);
  });

  it("does not mutate the input", () => {
    limitDepth(tree, 2);
    expect(tree).toEqual(snapshot);
  });
});
