import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { productImages, products } from "./tables/products.ts";

/**
 * The columns other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows are about a listing (a category's key is the catalogue's). Only tables import this; code asks the listings service.
 */
export const productKey = (): AnyPgColumn => products.id;
/** A listing's photo (the evidence of authenticity points a slot at one). */
export const productImageKey = (): AnyPgColumn => productImages.id;
