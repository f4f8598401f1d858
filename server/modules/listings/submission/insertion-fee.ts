import { type Fee, type InsertionFees, insertionFee, readInsertionFees } from "#core/rules/fees.ts";
import type { ListingsContext } from "../context.ts";
import type { ListingUser, ResolvedListing } from "../types.ts";

const DEFAULT_FEES: InsertionFees = { auction: { week: 0, month: 0 }, classified: 0, demand: 0 };

/** The price list of insertion fees (the `fees` setting); free when it is missing or malformed. */
export async function currentFees(ctx: Pick<ListingsContext, "settings" | "logger">): Promise<InsertionFees> {
  const value = await ctx.settings.get("fees");
  const parsed = readInsertionFees(value);
  if (!parsed) {
    ctx.logger?.warn({ value }, "the fees setting is missing or malformed: listings are free");
    return DEFAULT_FEES;
  }
  return parsed;
}

/** The seller's fee for a listing of this kind: the price list's, less their group's discount. */
export function feeFor(
  table: InsertionFees,
  listing: Pick<ResolvedListing, "format" | "type" | "duration">,
  user: ListingUser,
): Fee {
  return insertionFee(
    table,
    { format: listing.format, type: listing.type, duration: listing.duration },
    user.group?.discount ?? 0,
  );
}
