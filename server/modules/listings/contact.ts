import { eq } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import { err, type Ok, ok } from "#core/result.ts";
import { problem } from "#core/validation/field-errors.ts";
import { isRowId } from "#server/db/rows.ts";
import type { ListingsContext } from "./context.ts";
import { invalid, refusal } from "./outcomes.ts";
import { cleanDescription } from "./schemas.ts";
import { products } from "./tables/products.ts";
import type { ListingInvalid, NotFound, Refused } from "./types.ts";

export const CONTACT_MESSAGE_MAX = 2000;

/** A message may be about a listing a visitor can see that is or was live. */
const CONTACTABLE: readonly ProductStatus[] = ["active", "scheduled", "ended", "sold"];

/**
 * "Write to the seller" / "I have this": opens the conversation between the caller and the
 * product's seller (the existing one, or a new one), with the caller's first message if given.
 * The messages issue builds the inbox on these rows.
 */
export async function contactSeller(
  ctx: Pick<ListingsContext, "db" | "conversations">,
  userId: number,
  productId: number,
  body: string | null,
): Promise<
  | Ok<{ threadId: number; created: boolean }>
  | NotFound
  | Refused<"own_listing" | "thread_blocked">
  | ListingInvalid
> {
  if (!isRowId(productId)) return err("not_found");
  const text = body === null ? "" : cleanDescription(body);
  if (text.length > CONTACT_MESSAGE_MAX)
    return invalid({ message: [problem("validation.max", { length: CONTACT_MESSAGE_MAX })] });
  const [product] = await ctx.db
    .select({ id: products.id, sellerId: products.sellerId, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product?.sellerId || !CONTACTABLE.includes(product.status)) return err("not_found");
  if (product.sellerId === userId) return refusal("own_listing");
  const thread = await ctx.conversations.startThread({
    productId,
    sellerId: product.sellerId,
    userId,
    body: text || null,
  });
  if (thread.status === "blocked") return refusal("thread_blocked");
  return ok({ threadId: thread.threadId, created: thread.created });
}
