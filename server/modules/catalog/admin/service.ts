import type { CategoryPatch, Direction, NewCategory } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import type { CatalogProducts } from "../contracts.ts";
import { brandOptions, brandsPage, mergeBrands, renameBrand } from "./brands.ts";
import { createCategory, deleteCategory, updateCategory } from "./category-edit.ts";
import { moveCategory, reorderCategory } from "./category-move.ts";
import { adminCategory, adminCategoryTree, hadCategorySlug } from "./category-reads.ts";
import type { Actor } from "./outcomes.ts";
import { createPackage, deletePackage, packageList, reorderPackage, updatePackage } from "./packages.ts";

export type { BrandRow } from "./brands.ts";
export { BRAND_SORTS } from "./brands.ts";
export type { AdminCategoryRow } from "./category-reads.ts";
export type { Actor, AdminOutcome } from "./outcomes.ts";
export type { PackageRow } from "./packages.ts";

/**
 * The back office's catalogue (docs/product/back-office.md, "Catalogue"): the category tree, brands,
 * packages (a listing's own back-office edit is the listings module's). Each change runs in one transaction with its audit entry; what a change
 * does to the products' search text (a renamed category, brand or listing) is refreshed after it.
 */
export function createCatalogAdmin(db: Db, products: CatalogProducts) {
  const refreshSearchText = products.refreshSearchText;
  return {
    categoryTree: () => adminCategoryTree(db, products),
    category: (id: number) => adminCategory(db, id, products),
    /** Whether the slug was once the category's: its old URL answers 301. */
    hadCategorySlug: (id: number, slug: string) => hadCategorySlug(db, id, slug),
    createCategory: (actor: Actor, input: NewCategory) => createCategory(db, actor, input),
    /** Every field (PUT, the page's form) or only some (PATCH): what is not sent stays. */
    async updateCategory(actor: Actor, id: number, input: CategoryPatch) {
      const outcome = await updateCategory(db, actor, id, input);
      if (outcome.ok) {
        const { before, after } = outcome.value;
        if (before.nameCs !== after.nameCs || before.nameEn !== after.nameEn)
          await refreshSearchText(db, { categoryIds: [id] });
      }
      return outcome;
    },
    async moveCategory(actor: Actor, id: number, parentId: number | null) {
      const outcome = await moveCategory(db, actor, id, parentId);
      // The branch's products now have other ancestors' names in their search text.
      if (outcome.ok) await refreshSearchText(db, { categoryIds: [id] });
      return outcome;
    },
    reorderCategory: (actor: Actor, id: number, direction: Direction) =>
      reorderCategory(db, actor, id, direction),
    deleteCategory: (actor: Actor, id: number) => deleteCategory(db, actor, id, products),

    brandsPage: (query: Parameters<typeof brandsPage>[1]) => brandsPage(db, query, products),
    brandOptions: () => brandOptions(db),
    async renameBrand(actor: Actor, id: number, name: string) {
      const outcome = await renameBrand(db, actor, id, name);
      if (outcome.ok) await refreshSearchText(db, { brandIds: [id] });
      return outcome;
    },
    async mergeBrands(actor: Actor, survivorId: number, duplicateId: number) {
      const outcome = await mergeBrands(db, actor, survivorId, duplicateId, products);
      if (outcome.ok && outcome.value.productIds.length > 0)
        await refreshSearchText(db, { productIds: outcome.value.productIds });
      return outcome;
    },

    packages: () => packageList(db, products),
    createPackage: (actor: Actor, input: { nameCs: string; nameEn: string | null }) =>
      createPackage(db, actor, input),
    updatePackage: (actor: Actor, id: number, input: { nameCs: string; nameEn: string | null }) =>
      updatePackage(db, actor, id, input),
    reorderPackage: (actor: Actor, id: number, direction: Direction) =>
      reorderPackage(db, actor, id, direction),
    deletePackage: (actor: Actor, id: number) => deletePackage(db, actor, id, products),
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
