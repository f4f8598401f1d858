import type { Db } from "#server/db/client.ts";
import { deleteCart, ensureCart, findCart, isCartToken, linesOf, touchCart, upsertLine } from "./rows.ts";
import type { ShopContext } from "./view.ts";

/**
 * After a login the guest's cart joins the user's (docs/product/shop.md, "The cart"): each guest
 * line is added to the user's line of the same product, the sum kept within the stock (a sold-out
 * product keeps the quantity it had, for the cart to show as sold out); the guest's voucher and
 * checkout answers are kept where the user's cart has none. The guest cart is then deleted.
 */
export async function mergeGuestCart(ctx: ShopContext, userId: number, token: string): Promise<void> {
  if (!isCartToken(token)) return;
  const guest = await findCart(ctx.db, { userId: null, cartToken: token });
  if (!guest) return;
  const guestLines = await linesOf(ctx.db, guest.id);
  const stock = new Map(
    (
      await ctx.ports.products(
        ctx.db,
        guestLines.map((l) => l.productId),
        "cs",
      )
    ).map((p) => [p.productId, p.buyable ? p.stock : 0]),
  );
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const target = await ensureCart(tx, { userId, cartToken: null });
    const existing = new Map((await linesOf(tx, target.id)).map((l) => [l.productId, l]));
    for (const line of guestLines) {
      const mine = existing.get(line.productId);
      const sum = (mine?.quantity ?? 0) + line.quantity;
      const left = stock.get(line.productId) ?? 0;
      const quantity = left > 0 ? Math.min(sum, Math.max(left, mine?.quantity ?? 0)) : sum;
      await upsertLine(tx, target.id, {
        productId: line.productId,
        quantity,
        // The guest saw the price more recently than an older line of the user's.
        seenUnitPriceMinor: line.seenUnitPriceMinor,
      });
    }
    const { account: _dropped, ...guestDraft } = guest.draft ?? {};
    await touchCart(tx, target.id, {
      voucherCode: target.voucherCode ?? guest.voucherCode,
      draft: target.draft ?? (guest.draft ? guestDraft : undefined),
    });
    await deleteCart(tx, guest.id);
  });
}
