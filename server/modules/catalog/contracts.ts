import type { SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * What the catalogue needs to know about the products filed in it (ADR 0071): the listings module
 * owns the products, so it answers these, and server/wiring passes its functions in; the catalogue
 * never imports the listings module.
 */

/** Which products to recompute: by id, by brand, by category (with every descendant), or all. */
export type SearchTextScope =
  | { productIds: number[] }
  | { brandIds: number[] }
  | { categoryIds: number[] }
  | { all: true };

export type CatalogProducts = {
  /** Keeps the products' search text true to renamed categories, brands and listings. */
  refreshSearchText(db: Db, scope: SearchTextScope): Promise<unknown>;
  /** How many products carry the brand or package in `id` (a column or value), as a scalar subquery. */
  productCountSql(by: "brand" | "package", id: SQL): SQL;
  /** How many products each category holds itself (not its subcategories). */
  productCountsByCategory(db: Db): Promise<{ categoryId: number; n: number }[]>;
  /** Whether any product is filed in the category or uses the package. */
  anyProduct(db: Db, where: { categoryId: number } | { packageId: number }): Promise<boolean>;
  /** Moves the products of one brand to another (a merge), returning their ids. */
  moveBrand(db: Db, fromId: number, toId: number): Promise<number[]>;
};

/** The options of a listing's form: the active categories, the package kinds, the brands. */
export type FormOptions = {
  categories: { id: number; name: string; subcategories: { id: number; name: string; depth: number }[] }[];
  packages: { id: number; name: string }[];
  brands: string[];
};
