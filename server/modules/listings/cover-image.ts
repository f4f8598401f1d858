import { sql } from "drizzle-orm";
import { products } from "./tables/products.ts";

/** The main photo: the lowest position, then the oldest (as the product card shows it). */
export const coverImage = sql<string | null>`(
  select rtrim(i.path, '/') || '/' || i.file_name from product_images i
  where i.product_id = ${products.id} order by i.position, i.id limit 1)`;
