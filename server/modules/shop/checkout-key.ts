import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { findCart } from "./rows.ts";
import { carts } from "./tables.ts";
import type { ShopContext, ShopperLike } from "./view.ts";

/**
 * The key the review page's form carries to the binding click (ADR 0069): random, issued by the
 * server the first time the review shows this cart and kept on its draft until the order empties
 * it. Every page that shows the same checkout (a reload, a second tab, the page after "back")
 * sends the same key, so each repeat of the click answers the order the first one made; the next
 * checkout of the cart gets a new key.
 */
export async function checkoutKey(ctx: ShopContext, who: ShopperLike): Promise<string | null> {
  const row = await findCart(ctx.db, who);
  if (!row) return null;
  if (row.draft?.orderKey) return row.draft.orderKey;
  const issued = randomBytes(18).toString("base64url");
  // Not `touchCart`: showing the review changes nothing the guest purge should count as use.
  await ctx.db
    .update(carts)
    .set({
      draft: sql`coalesce(${carts.draft}, '{}'::jsonb) || ${JSON.stringify({ orderKey: issued })}::jsonb`,
    })
    .where(and(eq(carts.id, row.id), sql`${carts.draft}->>'orderKey' is null`));
  // A concurrent page may have issued its key first: every page shows the stored one.
  return (await findCart(ctx.db, who))?.draft?.orderKey ?? issued;
}
