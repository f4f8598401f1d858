import { err, type Ok, ok } from "#core/result.ts";
import { hasBuyerConversation, openProductThread } from "#server/modules/messages/index.ts";
import type { ListingsContext } from "./context.ts";
import { lockOwn } from "./my-listings.ts";
import { refusal } from "./outcomes.ts";
import { markSold as markListingSold } from "./transitions.ts";
import type { ListingUser, NotFound, Refused } from "./types.ts";

/**
 * The seller closes a classified with one of the users who wrote about it (a deal, so both may
 * rate each other): active -> sold with that user as the buyer, who is told.
 */
export async function markSold(
  ctx: ListingsContext,
  user: Pick<ListingUser, "id" | "username">,
  id: number,
  buyerId: number,
): Promise<Ok<undefined> | Refused<"not_sellable" | "held_by_deal"> | NotFound> {
  type Answer = Ok<undefined> | Refused<"not_sellable" | "held_by_deal"> | NotFound;
  return ctx.db.transaction(async (tx): Promise<Answer> => {
    const row = await lockOwn(tx, user.id, id);
    if (!row) return err("not_found");
    if (row.format !== "classified" || row.status !== "active") return refusal("not_sellable");
    // Bought through the site ("Koupit"): the deal's buyer has it until the deal ends unpaid.
    if (await ctx.dealHolds?.(tx, id)) return refusal("held_by_deal");
    const wroteAboutIt = await hasBuyerConversation(tx, { productId: id, buyerId });
    if (!wroteAboutIt || buyerId === user.id) return err("not_found");
    await markListingSold(tx, id, buyerId, { actorId: user.id, at: ctx.now() });
    const conversation = await openProductThread(tx, { productId: id, sellerId: user.id, buyerId });
    await ctx.notifier.notify(tx, buyerId, "won", {
      productId: id,
      variant: row.type === "demand" ? "demand" : "classified",
      values: { seller: user.username },
      link: { page: "accountMessageThread", params: { threadId: conversation.threadId } },
      payload: { threadId: conversation.threadId },
    });
    return ok();
  });
}
