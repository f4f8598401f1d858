import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { type DeliveryOption, MAX_DELIVERY_OPTIONS } from "#core/schemas/delivery.ts";
import { updatedAt } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";

/**
 * A listing's deal terms (issue 35, ADR 0075): whether a classified takes payment through the site
 * (the "Koupit" button) and the delivery options the seller offers, which the all-in total reads.
 * One row per listing, gone with it. The options are validated by `deliveryOptionsSchema` before
 * they are written (service.ts); jsonb, since they are read and written whole, never queried into.
 */
export const listingDealTerms = pgTable(
  "listing_deal_terms",
  {
    productId: integer("product_id").primaryKey().references(productKey, { onDelete: "cascade" }),
    /** The seller's opt-in "Přijímat platbu přes Raritu" of a classified; an auction's winner always pays through the site. */
    paysThroughSite: boolean("pays_through_site").notNull().default(false),
    deliveryOptions: jsonb("delivery_options").$type<DeliveryOption[]>().notNull(),
    updatedAt: updatedAt(),
  },
  // The shape the service checks in full, kept by the database too: a list of one to six options.
  (t) => [
    check(
      "listing_deal_terms_delivery_options_check",
      sql`jsonb_typeof(${t.deliveryOptions}) = 'array' and jsonb_array_length(${t.deliveryOptions}) between 1 and ${sql.raw(String(MAX_DELIVERY_OPTIONS))}`,
    ),
  ],
);
