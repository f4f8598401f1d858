import { and, eq, sql } from "drizzle-orm";
import { err, ok, type Result } from "#core/result.ts";
import { type VoucherKind, type VoucherRefusal, voucherRefusal } from "#core/rules/vouchers.ts";
import type { Db } from "#server/db/client.ts";
import { orders, type Voucher, vouchers, voucherUsages } from "../tables.ts";

/**
 * Vouchers' uses (docs/product/payments.md, "Vouchers"). The rules are core/rules/vouchers.ts;
 * this file counts the uses they need: all of them, and the customer's (a signed-in user's by
 * their account, a guest's by the order's e-mail, case aside). The cart asks `voucherForCart`;
 * placing the order asks again under the voucher's row lock (`takeVoucherUse`), so two orders that
 * race for the last use of a code wait for each other and the second one is refused.
 */

export type VoucherTermsForCart = { id: number; code: string; kind: VoucherKind; value: number };
/** The voucher's terms when it may go into the cart, else the rules' refusal as the code. */
export type VoucherCheck = Result<VoucherTermsForCart, VoucherRefusal>;

export type VoucherCustomer = { userId: number | null; email: string | null };

/** The uses of the voucher so far: everyone's, and this customer's. */
async function usesOf(executor: Db, voucherId: number, customer: VoucherCustomer) {
  const byCustomer =
    customer.userId !== null
      ? sql`${voucherUsages.userId} = ${customer.userId}`
      : customer.email
        ? // A guest's by the e-mail of every order with the code, their earlier ones signed in too.
          sql`lower(${orders.email}) = lower(${customer.email})`
        : sql`false`;
  const [row] = await executor
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${byCustomer}))::int`,
    })
    .from(voucherUsages)
    .innerJoin(orders, eq(orders.id, voucherUsages.orderId))
    .where(eq(voucherUsages.voucherId, voucherId));
  return { usedTotal: row?.total ?? 0, usedByCustomer: row?.byCustomer ?? 0 };
}

const termsOf = (voucher: Voucher): VoucherTermsForCart => ({
  id: voucher.id,
  code: voucher.code,
  kind: voucher.kind,
  value: voucher.value,
});

/** Whether the rules let the voucher into this cart now (the voucher read with its uses). */
async function check(
  executor: Db,
  voucher: Voucher | undefined,
  input: VoucherCustomer & { cartMinor: number; codesInCart: readonly string[]; at: Date },
): Promise<VoucherCheck> {
  const uses = voucher ? await usesOf(executor, voucher.id, input) : { usedTotal: 0, usedByCustomer: 0 };
  const refusal = voucherRefusal(voucher ?? null, { ...input, ...uses });
  if (refusal || !voucher) return err(refusal ?? "unknown");
  return ok(termsOf(voucher));
}

/**
 * The voucher a customer typed, when it may go into this cart (`cartMinor`: the items after the
 * group discount). The code is matched without regard to case and surrounding spaces.
 */
export async function voucherForCart(
  db: Db,
  input: VoucherCustomer & { code: string; cartMinor: number; codesInCart: readonly string[]; at: Date },
): Promise<VoucherCheck> {
  const code = input.code.trim();
  if (!code) return err("unknown");
  const [voucher] = await db.select().from(vouchers).where(sql`lower(${vouchers.code}) = lower(${code})`);
  return check(db, voucher, input);
}

/**
 * Inside the order's transaction: locks the voucher's row, asks the rules again with the uses
 * counted now, and records the order's use. Every order with the voucher takes the same lock, so
 * each counts the uses of those that committed before it (READ COMMITTED reads anew per statement).
 */
export async function takeVoucherUse(
  tx: Db,
  voucherId: number,
  input: VoucherCustomer & { cartMinor: number; at: Date },
): Promise<VoucherCheck> {
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for("update");
  return check(tx, voucher, { ...input, codesInCart: [] });
}

/** Records an order's use of the voucher (after `takeVoucherUse` said yes, in the same transaction). */
export async function recordVoucherUse(
  tx: Db,
  use: { voucherId: number; orderId: number; userId: number | null; at: Date },
): Promise<void> {
  await tx.insert(voucherUsages).values({ ...use, createdAt: use.at });
}

/** A released order gives its use back: the voucher may be used again (the order keeps its voucher id). */
export async function freeVoucherUse(tx: Db, orderId: number): Promise<void> {
  await tx.delete(voucherUsages).where(eq(voucherUsages.orderId, orderId));
}

/** A released order's payment came after all: its use counts again (once). */
export async function restoreVoucherUse(
  tx: Db,
  order: { id: number; voucherId: number | null; userId: number | null },
  at: Date,
) {
  if (order.voucherId === null) return;
  const [existing] = await tx
    .select({ id: voucherUsages.id })
    .from(voucherUsages)
    .where(and(eq(voucherUsages.orderId, order.id), eq(voucherUsages.voucherId, order.voucherId)));
  if (!existing)
    await recordVoucherUse(tx, { voucherId: order.voucherId, orderId: order.id, userId: order.userId, at });
}
