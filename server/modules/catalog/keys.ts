import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { brands, categories, packages } from "./tables.ts";

/**
 * The columns other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * a product's category, brand and package. Only tables import this; code asks the catalogue.
 */
export const categoryKey = (): AnyPgColumn => categories.id;
export const brandKey = (): AnyPgColumn => brands.id;
export const packageKey = (): AnyPgColumn => packages.id;
