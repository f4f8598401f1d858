import type { Locale } from "#core/i18n/index.ts";
import { ownerActions } from "#core/lifecycles/listing.ts";
import { err, type Ok, ok } from "#core/result.ts";
import type { ListingsContext } from "./context.ts";
import { lockOwn, myListing } from "./my-listings.ts";
import { refusal } from "./outcomes.ts";
import { cancel as cancelListing } from "./transitions.ts";
import type { ListingUser, MyListing, NotFound, Refused } from "./types.ts";

type Refusal = "cancel_after_bid" | "not_cancellable" | "held_by_deal";

/**
 * Withdraws a listing nobody has bid on and no deal through the site holds (under the row lock: a
 * bid or a purchase arriving first wins).
 */
export async function cancel(
  ctx: ListingsContext,
  user: Pick<ListingUser, "id">,
  id: number,
  locale: Locale,
): Promise<Ok<MyListing> | Refused<Refusal> | NotFound> {
  const result = await ctx.db.transaction(
    async (tx): Promise<Ok<undefined> | Refused<Refusal> | NotFound> => {
      const row = await lockOwn(tx, user.id, id);
      if (!row) return err("not_found");
      if (!ownerActions(row).cancel)
        return refusal(row.bidCount > 0 ? "cancel_after_bid" : "not_cancellable");
      if (await ctx.dealHolds?.(tx, id)) return refusal("held_by_deal");
      await cancelListing(tx, id, { actorId: user.id, reason: "seller", at: ctx.now() });
      return ok();
    },
  );
  if (!result.ok) return result;
  return ok((await myListing(ctx.db, user.id, id, locale))!);
}
