import type { ShopMessageRefusal } from "#core/contracts/shop-refusals.ts";
import { err, ok } from "#core/result.ts";
import { PlaceOrderSchema } from "#core/schemas/checkout.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { ShopOrderInput } from "./ports.ts";
import { clearCart } from "./rows.ts";
import { carrierCountryProblems } from "./steps.ts";
import type { PlacedOrder, ShopClient, Shopper, ShopResult } from "./types.ts";
import { type CartState, cartState, type ShopContext } from "./view.ts";

/**
 * The binding click (docs/product/shop.md, "Placing the order"): the cart is computed again from
 * today's data and the order is placed only when nothing changed since the customer's last look
 * (no line problem, the voucher still valid, the same total) and every step is answered. A guest
 * who asked for an account gets it in the same transaction as the order, the stock's pieces and
 * the voucher's use: if anything fails, none of it happened.
 */

/** A refusal raised inside the transaction, so that it rolls back. */
class OrderRefused extends Error {
  readonly refusal: ShopMessageRefusal;
  constructor(refusal: ShopMessageRefusal) {
    super(refusal.code);
    this.refusal = refusal;
  }
}

/** Why the cart cannot become an order as it stands, or null. */
function cartRefusal(state: CartState): ShopMessageRefusal | null {
  const { view, delivery } = state;
  if (!state.row || view.lines.length === 0) return err("empty_cart");
  if (view.blocked) return err("cart_changed");
  if (view.voucher?.refusal) return err("voucher", { refusal: view.voucher.refusal });
  if (view.nextStep === "delivery") return err("delivery_missing");
  if (delivery.kind === "carrier") {
    const address = view.draft.sameAddress ? view.draft.invoiceAddress : view.draft.deliveryAddress;
    if (Object.keys(carrierCountryProblems(delivery, address, "delivery")).length > 0)
      return err("carrier_country", { carrier: delivery.carrier.name });
  }
  if (view.nextStep !== "review") return err("details_missing");
  return null;
}

function orderInput(who: Shopper, state: CartState, userId: number | null, at: Date): ShopOrderInput {
  const { view, delivery, options } = state;
  const { draft, totals } = view;
  const payment = draft.payment ?? "card";
  const pickup = delivery.kind === "pickup";
  return {
    userId,
    email: draft.email,
    phone: draft.phone,
    locale: who.locale,
    lines: view.lines.map((line) => ({
      productId: line.productId,
      description: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      taxRate: line.taxRate,
    })),
    carrier: draft.delivery ?? "",
    payment,
    itemsMinor: totals.itemsMinor,
    groupDiscountMinor: totals.groupDiscountMinor,
    voucher: state.voucher ? { id: state.voucher.id, code: state.voucher.code } : null,
    voucherDiscountMinor: totals.voucherDiscountMinor,
    deliveryMinor: totals.deliveryMinor,
    paymentFeeMinor: totals.paymentFeeMinor,
    totalMinor: totals.totalMinor,
    deliveryAddress: pickup ? null : draft.sameAddress ? draft.invoiceAddress : draft.deliveryAddress,
    invoiceAddress: draft.invoiceAddress!,
    note: draft.note,
    termsAcceptedAt: at,
    reservedUntil: payment === "cod" ? null : new Date(at.getTime() + options.reservationHours * 3600_000),
  };
}

/** Opens the guest's account in the order's transaction; its id, or the refusal (a taken e-mail or phone). */
async function openAccount(ctx: ShopContext, tx: Db, who: Shopper, state: CartState, at: Date) {
  const account = state.draft.account;
  if (who.userId !== null || !account) return null;
  const { draft } = state.view;
  const opened = await ctx.ports.accounts.open(tx, {
    email: draft.email,
    phone: draft.phone,
    name: draft.invoiceAddress?.name ?? "",
    passwordHash: account.passwordHash,
    locale: who.locale,
    at,
  });
  if (!opened.ok) throw new OrderRefused(err("account_taken", opened.details));
  return opened.value;
}

const STOCK_REFUSALS = {
  soldOut: "sold_out",
  notEnoughStock: "not_enough_stock",
  priceChanged: "cart_changed",
} as const;

export async function placeOrder(
  ctx: ShopContext,
  who: Shopper,
  input: unknown,
  client: ShopClient,
): Promise<ShopResult<PlacedOrder>> {
  const parsed = PlaceOrderSchema.safeParse(input);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const state = await cartState(ctx, who);
  const refusal = cartRefusal(state);
  if (refusal) return refusal;
  if (parsed.data.seenTotalMinor !== state.view.totals.totalMinor) return err("total_changed");
  const at = ctx.now();
  let placed: { order: { id: number; hash: string }; newUserId: number | null };
  try {
    placed = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const newUserId = await openAccount(ctx, tx, who, state, at);
      const input = orderInput(who, state, who.userId ?? newUserId, at);
      const stock = await ctx.ports.reserveStock(tx, input.lines);
      if (!stock.ok) throw new OrderRefused(err(STOCK_REFUSALS[stock.problem]));
      const order = await ctx.ports.placeShopOrder(tx, input);
      if (!order.ok)
        throw new OrderRefused(
          order.refusal ? err("voucher", { refusal: order.refusal }) : err("order_failed"),
        );
      await clearCart(tx, state.row!.id);
      return { order: order.order, newUserId };
    });
  } catch (error) {
    if (error instanceof OrderRefused) return error.refusal;
    throw error;
  }
  const login = placed.newUserId === null ? null : await welcomeAndLogIn(ctx, placed.newUserId, who, client);
  return ok({
    order: { ...placed.order, summaryPath: ctx.ports.summaryPath(placed.order, who.locale) },
    payWithCard: state.view.draft.payment === "card",
    payment: state.view.draft.payment ?? "card",
    login,
  });
}

/** The new account's welcome mail (with its confirmation link) and its first session. */
async function welcomeAndLogIn(ctx: ShopContext, userId: number, who: Shopper, client: ShopClient) {
  await ctx.ports.accounts.welcome(userId, who.locale);
  return ctx.ports.accounts.startSession(userId, client);
}
