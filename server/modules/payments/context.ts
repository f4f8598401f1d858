import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordAudit } from "../admin/index.ts";
import type { AuthUser } from "../auth/index.ts";
import type { MyListing } from "../listings/index.ts";
import type { OrdersService } from "../orders/index.ts";
import type { CardGateway } from "./gateways.ts";

/**
 * What the payments module's use cases share: the database, the other modules' functions it
 * calls (wired in server/wiring/payments.ts), the clock and the card gateway of the moment.
 */

export type PaymentsServiceDeps = {
  db: Db;
  settings: { get(name: string): Promise<unknown> };
  /** The orders module: what paying, cancelling or refunding an order does to it, in the payment's transaction. */
  orders: Pick<OrdersService, "pay" | "retakeReleasedStock" | "sendRefunded" | "bankAccount" | "shopDetails">;
  /** The listings module's reads and operations a payment needs (each in the caller's transaction where it takes one). */
  listings: {
    listing(userId: number, id: number, locale: Locale): Promise<MyListing | null>;
    /** The listing's row lock, which two clicks on "pay" queue on. */
    lockListing(tx: Db, productId: number): Promise<unknown>;
    /** A cancelled shop order's pieces go back to stock. */
    releaseStock(tx: Db, lines: { productId: number; quantity: number }[]): Promise<void>;
  };
  recordAudit: RecordAudit;
  /** The card gateway; null = card payments off. Also set later by connectGateway (the test gateway notifies this service). */
  gateway?: CardGateway | null;
  logger?: Logger;
  now?: () => Date;
};

/** Card payments one order may open in 15 minutes. */
export const CARD_STARTS_PER_ORDER = 10;

export type PaymentsContext = Omit<PaymentsServiceDeps, "gateway" | "now"> & {
  now: () => Date;
  /** The card gateway of the moment (connectGateway replaces it); null = card payments off. */
  gateway: CardGateway | null;
  /** Each card start opens a payment at the gateway: a few per order and quarter of an hour is plenty. */
  cardStarts: RateLimiter;
};

export function createPaymentsContext(deps: PaymentsServiceDeps): PaymentsContext {
  const now = deps.now ?? (() => new Date());
  return {
    ...deps,
    now,
    gateway: deps.gateway ?? null,
    cardStarts: new RateLimiter({
      name: "card-starts",
      limit: CARD_STARTS_PER_ORDER,
      windowMs: 15 * 60 * 1000,
      now: () => now().getTime(),
    }),
  };
}

/** Who orders: the signed-in user, with their group's discount. */
export type PaymentUser = Pick<AuthUser, "id" | "email" | "locale" | "group">;
