import { check, index, integer, pgTable } from "drizzle-orm/pg-core";
import { between, createdAt, money, nonNegative, timestamptz, updatedAt } from "#server/db/columns.ts";
import { products } from "./products.ts";

/**
 * What a seller submitted a user listing with: the insertion fee as it was shown on the
 * confirmation page (the `fees` setting and the group discount of that moment; later changes of
 * either do not alter what this listing owes), and the listing it relists, if any. One row per
 * listing a seller added; the payments module marks the fee paid.
 */
export const listingSubmissions = pgTable(
  "listing_submissions",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The price list's fee before the discount, CZK minor units. */
    feeBaseMinor: money("fee_base_minor").notNull(),
    feeDiscountPercent: integer("fee_discount_percent").notNull().default(0),
    /** What the seller pays; 0 = free (the listing went straight to scheduled or active). */
    feeMinor: money("fee_minor").notNull(),
    feePaidAt: timestamptz("fee_paid_at"),
    /** The ended, expired or cancelled listing this one was listed again from. */
    relistedFromId: integer("relisted_from_id").references(() => products.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("listing_submissions_relisted_from_id_idx").on(t.relistedFromId),
    check("listing_submissions_fee_base_minor_check", nonNegative(t.feeBaseMinor)),
    check("listing_submissions_fee_minor_check", nonNegative(t.feeMinor)),
    check("listing_submissions_fee_discount_percent_check", between(t.feeDiscountPercent, 0, 100)),
  ],
);
