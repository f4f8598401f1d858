import type { MessageKey } from "../i18n/index.ts";

/**
 * Vouchers as pure rules (docs/product/payments.md, "Vouchers"): whether a code may go into a
 * cart, and what it takes off. The checkout reads the voucher row and the counts of its uses, then
 * asks these functions; the same answer is given again when the order is placed, inside the
 * order's transaction, so a voucher used up meanwhile is refused there too.
 */

export const VOUCHER_KINDS = ["percent", "fixed"] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** A voucher as the rules need it (the `vouchers` row of the payments module). */
export type VoucherTerms = {
  code: string;
  kind: VoucherKind;
  /** A percent (0-100) for `percent`, CZK minor units for `fixed`. */
  value: number;
  isActive: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  /** Uses by everyone together; null = unlimited. */
  usageLimitTotal: number | null;
  /** Uses by one customer (account or e-mail); null = unlimited. */
  usageLimitPerUser: number | null;
  /** The cart's value (after the group discount) must reach it; null = any value. */
  minCartMinor: number | null;
  /** The order's e-mail must be this one (case aside); null = anyone's. */
  requiresEmail: string | null;
};

/** What the cart and the customer bring to the check. */
export type VoucherContext = {
  at: Date;
  /** The items' value after the group discount, CZK minor units. */
  cartMinor: number;
  /** Codes already applied to this cart. */
  codesInCart: readonly string[];
  /** Uses so far: all of them, and this customer's. */
  usedTotal: number;
  usedByCustomer: number;
  /** The customer's e-mail when known (signed in, or typed at checkout). */
  email: string | null;
};

/** Why a voucher is refused; each has its own message (`payments.voucher.refused.<reason>`). */
export const VOUCHER_REFUSALS = [
  "unknown",
  "inactive",
  "notYetValid",
  "expired",
  "alreadyInCart",
  "soldOut",
  "usedUp",
  "belowMinimum",
  "emailRequired",
  "otherEmail",
] as const;
export type VoucherRefusal = (typeof VOUCHER_REFUSALS)[number];

/** The refusal's message key; it compiles only while every reason has its text in both languages. */
export function voucherRefusalKey(reason: VoucherRefusal): MessageKey {
  return `payments.voucher.refused.${reason}`;
}

const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The first reason the voucher may not go into this cart, or null when it may. The order of the
 * checks is the order a customer can act on: a code that does not work at all says so before
 * anything about the cart's value or the e-mail.
 */
export function voucherRefusal(voucher: VoucherTerms | null, context: VoucherContext): VoucherRefusal | null {
  if (!voucher) return "unknown";
  if (!voucher.isActive) return "inactive";
  if (voucher.validFrom && context.at < voucher.validFrom) return "notYetValid";
  if (voucher.validTo && context.at > voucher.validTo) return "expired";
  if (context.codesInCart.some((code) => sameCode(code, voucher.code))) return "alreadyInCart";
  if (voucher.usageLimitTotal !== null && context.usedTotal >= voucher.usageLimitTotal) return "soldOut";
  if (voucher.usageLimitPerUser !== null && context.usedByCustomer >= voucher.usageLimitPerUser)
    return "usedUp";
  if (voucher.minCartMinor !== null && context.cartMinor < voucher.minCartMinor) return "belowMinimum";
  if (voucher.requiresEmail !== null) {
    if (!context.email) return "emailRequired";
    if (!sameCode(context.email, voucher.requiresEmail)) return "otherEmail";
  }
  return null;
}

/**
 * What the voucher takes off `baseMinor` (the items after the group discount): a percent rounded
 * to whole haléře, half up, as the group discount is; a fixed amount never more than the base, so
 * a cart never costs less than nothing.
 */
export function voucherDiscountMinor(
  voucher: Pick<VoucherTerms, "kind" | "value">,
  baseMinor: number,
): number {
  const base = Math.max(0, Math.round(baseMinor));
  if (voucher.kind === "fixed") return Math.min(base, Math.max(0, Math.round(voucher.value)));
  const percent = Math.min(100, Math.max(0, voucher.value));
  return Math.min(base, Math.floor((base * percent + 50) / 100));
}
