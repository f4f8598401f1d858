import { describe, expect, it } from "vitest";
import { buildCategoryTree } from "./category-tree.ts";

describe("buildCategoryTree", () => {
  it("nests children under parents in position order and drops orphans of hidden parents", () => {
    const tree = buildCategoryTree([
      { id: 3, parentId: 1, position: 2, slug: "whisky", name: "Whisky" },
      { id: 1, parentId: null, position: 1, slug: "alkohol", name: "Alkohol" },
      { id: 2, parentId: 1, position: 1, slug: "rum", name: "Rum" },
      { id: 4, parentId: 2, position: 1, slug: "jamajka", name: "Jamajka" },
      { id: 9, parentId: 8, position: 1, slug: "sirotek", name: "Sirotek" },
    ]);
    expect(tree).toEqual([
      {
        id: 1,
        slug: "alkohol",
        name: "Alkohol",
        subcategories: [
          {
            id: 2,
            slug: "rum",
            name: "Rum",
            subcategories: [{ id: 4, slug: "jamajka", name: "Jamajka", subcategories: [] }],
          },
          { id: 3, slug: "whisky", name: "Whisky", subcategories: [] },
        ],
      },
    ]);
  });
});
