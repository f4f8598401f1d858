import type { FieldErrors } from "#core/contracts/errors.ts";
import type { RequestKey } from "#core/contracts/request-keys.ts";
import type { DraftAddress, InfluencerStats, ShopPaymentMethod } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { VoucherKind, VoucherRefusal } from "#core/rules/vouchers.ts";
import type { Db } from "#server/db/client.ts";

/*
 * What the shop asks of the other modules (server/wiring/shop.ts passes the owners' functions in):
 * the listings module's products and stock, the payments module's vouchers and orders, the
 * settings, and the accounts and sessions of a guest who registers at checkout. Each function that
 * must run in the order's transaction takes it first.
 */

/** A product of the cart as the listings module reads it now (listings' shopProductsForCart). */
export type ShopProduct = {
  productId: number;
  name: string;
  url: string;
  image: string | null;
  /** What one piece costs now (the sale price while a sale is on). */
  unitPriceMinor: number;
  originalPriceMinor: number | null;
  stock: number;
  taxRate: number;
  /** A live shop product with a price. */
  buyable: boolean;
};

export type StockLine = { productId: number; quantity: number; unitPriceMinor: number };
export type StockReservation =
  | { ok: true }
  | { ok: false; productId: number; problem: "soldOut" | "notEnoughStock" | "priceChanged" };

/** The voucher a code names, when it may go into this cart. */
export type CartVoucherTerms = { id: number; code: string; kind: VoucherKind; value: number };
export type VoucherCheck = { ok: true; voucher: CartVoucherTerms } | { ok: false; refusal: VoucherRefusal };

/** Everything the payments module needs to create the shop order, frozen at the binding click. */
export type ShopOrderInput = {
  userId: number | null;
  email: string;
  phone: string;
  locale: Locale;
  lines: {
    productId: number;
    description: string;
    quantity: number;
    unitPriceMinor: number;
    taxRate: number;
  }[];
  /** A carrier's key or `pickup:<branch key>`. */
  carrier: string;
  payment: ShopPaymentMethod;
  itemsMinor: number;
  groupDiscountMinor: number;
  voucher: { id: number; code: string } | null;
  voucherDiscountMinor: number;
  deliveryMinor: number;
  paymentFeeMinor: number;
  totalMinor: number;
  deliveryAddress: DraftAddress | null;
  invoiceAddress: DraftAddress;
  note: string;
  termsAcceptedAt: Date;
  /** An unpaid card or transfer order gives its pieces back then; null for cash on delivery. */
  reservedUntil: Date | null;
  /** The request's key (ADR 0069), held since the start of the transaction (holdRequestKey). */
  requestKey?: RequestKey | null;
};
export type PlacedShopOrder =
  | { ok: true; order: { id: number; hash: string } }
  | { ok: false; refusal: VoucherRefusal | null; keyTaken?: boolean };

/** The order an earlier request with the same key made (the orders module's KeyedOrder). */
export type KeyedOrder = {
  id: number;
  hash: string;
  kind: string;
  paymentMethod: ShopPaymentMethod | null;
  fingerprint: string | null;
};

/** A guest's new account at checkout (the users module's). */
export type CheckoutAccountInput = {
  email: string;
  phone: string;
  name: string;
  passwordHash: string;
  locale: Locale;
  at: Date;
};

export type ShopPorts = {
  products(db: Db, ids: number[], locale: Locale): Promise<ShopProduct[]>;
  reserveStock(tx: Db, lines: StockLine[]): Promise<StockReservation>;
  /** Checks the code against the cart and the customer (payments' voucher rules and usage counts). */
  voucherForCart(input: {
    code: string;
    userId: number | null;
    email: string | null;
    cartMinor: number;
    codesInCart: string[];
    at: Date;
  }): Promise<VoucherCheck>;
  /** Creates the order awaiting payment, the voucher's use under its row lock, in `tx`. */
  placeShopOrder(tx: Db, input: ShopOrderInput): Promise<PlacedShopOrder>;
  /** First in the order's transaction: a concurrent request with the same key waits for this one. */
  holdRequestKey(tx: Db, key: RequestKey): Promise<void>;
  /** The caller's order an earlier request with the key made; `executor`: in the order's transaction. */
  orderOfRequestKey(key: RequestKey, userId: number | null, executor?: Db): Promise<KeyedOrder | null>;
  influencerStats(userId: number): Promise<InfluencerStats | null>;
  /** The `shop` setting as stored (checked by the shop against the setting's schema). */
  shopSetting(): Promise<unknown>;
  /** Whether a card gateway and an account for transfers are configured. */
  paymentMethods(): Promise<{ card: boolean; bankTransfer: boolean }>;
  /** The order's page in the given language. */
  summaryPath(order: { id: number; hash: string }, locale: Locale): string;
  accounts: {
    /** Field errors for a password that is too weak or names the account. */
    passwordErrors(
      input: { email: string; password: string; passwordConfirmation: string },
      locale: Locale,
    ): FieldErrors;
    hashPassword(password: string): Promise<string>;
    /** The e-mail or the phone already has an account: each its own field error. */
    clashes(input: { email: string; phone: string }, locale: Locale): Promise<FieldErrors>;
    /** Opens the account in the order's transaction (a taken e-mail or phone: its field error). */
    open(
      tx: Db,
      input: CheckoutAccountInput,
    ): Promise<{ ok: true; userId: number } | { ok: false; errors: FieldErrors }>;
    /** The welcome mail with the e-mail confirmation link, after the order's transaction. */
    welcome(userId: number, locale: Locale): Promise<void>;
    /** A signed-in session for the new account. */
    startSession(
      userId: number,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<{ token: string; userId: number }>;
  };
};
