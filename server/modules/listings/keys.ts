import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { products } from "./tables/products.ts";
import { categories } from "./tables/taxonomy.ts";

/**
 * The columns other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows are about a listing or a category. Only tables import this; code asks the listings service.
 */
export const productKey = (): AnyPgColumn => products.id;
export const categoryKey = (): AnyPgColumn => categories.id;
