import type { Locale } from "#core/i18n/index.ts";
import { ownerActions } from "#core/lifecycles/listing.ts";
import type { ListingsContext } from "./context.ts";
import { lockOwn, myListing } from "./my-listings.ts";
import { conflict } from "./outcomes.ts";
import { cancel as cancelListing } from "./transitions.ts";
import type { ListingUser, MyListing, NotFound, Refused } from "./types.ts";

/** Withdraws a listing nobody has bid on (under the row lock: a bid arriving first wins). */
export async function cancel(
  ctx: ListingsContext,
  user: Pick<ListingUser, "id">,
  id: number,
  locale: Locale,
): Promise<{ status: "cancelled"; listing: MyListing } | Refused | NotFound> {
  const result = await ctx.db.transaction(
    async (tx): Promise<{ status: "cancelled" } | Refused | NotFound> => {
      const row = await lockOwn(tx, user.id, id);
      if (!row) return { status: "not_found" };
      if (!ownerActions(row).cancel)
        return conflict(
          locale,
          row.bidCount > 0 ? "listings.errors.cancelAfterBid" : "listings.errors.notCancellable",
        );
      await cancelListing(tx, id, { actorId: user.id, reason: "seller", at: ctx.now() });
      return { status: "cancelled" };
    },
  );
  if (result.status !== "cancelled") return result;
  return { status: "cancelled", listing: (await myListing(ctx.db, user.id, id, locale))! };
}
