import type { RequestKey } from "#core/contracts/request-keys.ts";
import type { ShopMessageRefusal } from "#core/contracts/shop-refusals.ts";
import { err, ok } from "#core/result.ts";
import { PlaceOrderSchema } from "#core/schemas/checkout.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { ShopOrderInput } from "./ports.ts";
import { earlierPlacement, heldKeyWasUsed, requestKeyOf } from "./request-key.ts";
import { clearCart } from "./rows.ts";
import { carrierCountryProblems } from "./steps.ts";
import type { PlacedOrder, ShopClient, Shopper, ShopResult } from "./types.ts";
import { type CartState, cartState, type ShopContext } from "./view.ts";

/**
 * The binding click (docs/product/shop.md, "Placing the order"): the cart is computed again from
 * today's data and the order is placed only when nothing changed since the customer's last look
 * (no line problem, the voucher still valid, the same total) and every step is answered. A guest
 * who asked for an account gets it in the same transaction as the order, the stock's pieces and
 * the voucher's use: if anything fails, none of it happened. A repeat of the request's key (a
 * double click, a resubmitted form, a retry, ADR 0069) answers the order the first one made.
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

function orderInput(
  who: Shopper,
  state: CartState,
  userId: number | null,
  at: Date,
  requestKey: RequestKey | null,
): ShopOrderInput {
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
    requestKey,
  };
}

/** The answer to a repeat of the key, when an earlier request with it made an order (request-key.ts). */
async function repeatOf(
  ctx: ShopContext,
  who: Shopper,
  key: RequestKey | null,
): Promise<ShopResult<PlacedOrder> | null> {
  const earlier = await earlierPlacement(ctx, who, key);
  if (earlier === "key_reused") return err("key_reused");
  return earlier ? ok({ ...earlier, repeated: true }) : null;
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

/** Goods sold only to adults in the cart (the age check's port; none: no check). Before the transaction. */
async function ageRestrictedCart(ctx: ShopContext, state: CartState): Promise<boolean> {
  const age = ctx.ports.ageCheck;
  return age
    ? age.restricted(
        ctx.db,
        state.view.lines.map((line) => line.productId),
      )
    : false;
}

/** The buyer's age check for them, in the order's transaction (a guest's is used up by it). */
function ageCleared(ctx: ShopContext, tx: Db, who: Shopper, state: CartState): Promise<boolean> {
  const checkoutKey = state.row?.draft?.orderKey ?? null;
  return ctx.ports.ageCheck?.clearOrder(tx, { userId: who.userId, checkoutKey }) ?? Promise.resolve(true);
}

const STOCK_REFUSALS = {
  soldOut: "sold_out",
  notEnoughStock: "not_enough_stock",
  priceChanged: "cart_changed",
} as const;

/**
 * `idempotencyKey`: the form's hidden key or the API's header. It is looked up before the cart is
 * judged (the repeat of a placed order finds the cart empty), held first in the transaction (a
 * concurrent repeat waits, then finds the order and takes nothing), and looked up again after a
 * refusal (the repeat that lost the race for the last pieces or the voucher).
 */
export async function placeOrder(
  ctx: ShopContext,
  who: Shopper,
  input: unknown,
  client: ShopClient,
  idempotencyKey: string | null = null,
): Promise<ShopResult<PlacedOrder>> {
  const parsed = PlaceOrderSchema.safeParse(input);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const state = await cartState(ctx, who);
  const key = requestKeyOf(who, state, parsed.data.seenTotalMinor, idempotencyKey);
  const repeat = await repeatOf(ctx, who, key);
  if (repeat) return repeat;
  const refusal = cartRefusal(state);
  if (refusal) return refusal;
  if (parsed.data.seenTotalMinor !== state.view.totals.totalMinor) return err("total_changed");
  const at = ctx.now();
  const ageRestricted = await ageRestrictedCart(ctx, state);
  let placed: { order: { id: number; hash: string }; newUserId: number | null } | null;
  try {
    placed = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (await heldKeyWasUsed(ctx, tx, who, key)) return null;
      const newUserId = await openAccount(ctx, tx, who, state, at);
      const input = orderInput(who, state, who.userId ?? newUserId, at, key);
      if (ageRestricted && !(await ageCleared(ctx, tx, who, state)))
        throw new OrderRefused(err("age_unverified"));
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
    if (error instanceof OrderRefused) return (await repeatOf(ctx, who, key)) ?? error.refusal;
    throw error;
  }
  if (!placed) return (await repeatOf(ctx, who, key))!;
  const login = placed.newUserId === null ? null : await welcomeAndLogIn(ctx, placed.newUserId, who, client);
  return ok({
    order: { ...placed.order, summaryPath: ctx.ports.summaryPath(placed.order, who.locale) },
    payWithCard: state.view.draft.payment === "card",
    payment: state.view.draft.payment ?? "card",
    login,
    repeated: false,
  });
}

/** The new account's welcome mail (with its confirmation link) and its first session. */
async function welcomeAndLogIn(ctx: ShopContext, userId: number, who: Shopper, client: ShopClient) {
  await ctx.ports.accounts.welcome(userId, who.locale);
  return ctx.ports.accounts.startSession(userId, client);
}
