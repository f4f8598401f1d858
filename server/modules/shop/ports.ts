import type { FieldProblems } from "#core/contracts/errors.ts";
import type { RequestKey } from "#core/contracts/request-keys.ts";
import type { InfluencerStats } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { ShopProduct, StockLine, StockReservation } from "../listings/index.ts";
import type {
  KeyedOrder,
  PlacedShopOrder,
  ShopOrderInput,
  VoucherCheck,
  VoucherTermsForCart,
} from "../orders/index.ts";
import type { CheckoutAccountInput } from "../users/index.ts";

/*
 * What the shop asks of the other modules (server/wiring/shop.ts passes the owners' functions in):
 * the listings module's products and stock, the orders module's vouchers and orders, the
 * settings, and the accounts and sessions of a guest who registers at checkout. Each function that
 * must run in the order's transaction takes it first. The types they take and give are their
 * owners' (issue 34, "One definition per port type"), imported here, never copied.
 */

export type { ShopOrderInput, VoucherTermsForCart };

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
  /**
   * The age check (issue 36): whether the order holds goods sold only to adults, and whether this
   * buyer may order them (a verified account, or the guest's check for this checkout, which the
   * order uses up). None: no check.
   */
  ageCheck?: {
    restricted(executor: Db, productIds: number[]): Promise<boolean>;
    clearOrder(tx: Db, who: { userId: number | null; checkoutKey: string | null }): Promise<boolean>;
  };
  accounts: {
    /** Field problems for a password that is too weak or names the account. */
    passwordProblems(input: { email: string; password: string; passwordConfirmation: string }): FieldProblems;
    hashPassword(password: string): Promise<string>;
    /** The e-mail or the phone already has an account: each its own field problem. */
    clashes(input: { email: string; phone: string }): Promise<FieldProblems>;
    /** Opens the account in the order's transaction: the new user's id, or the taken e-mail's or phone's problem. */
    open(tx: Db, input: CheckoutAccountInput): Promise<Result<number, "taken", FieldProblems>>;
    /** The welcome mail with the e-mail confirmation link, after the order's transaction. */
    welcome(userId: number, locale: Locale): Promise<void>;
    /** A signed-in session for the new account. */
    startSession(
      userId: number,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<{ token: string; userId: number }>;
  };
};
