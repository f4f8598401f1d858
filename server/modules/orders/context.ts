import type { Locale } from "#core/i18n/index.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordAudit } from "../admin/index.ts";
import type { InvoiceDetailsOf } from "../invoicing/index.ts";
import type { ShopProduct, StockLine, StockReservation } from "../listings/index.ts";
import type { Notifier } from "../messages/index.ts";

/**
 * What the orders module's use cases share: the database, the other modules' functions they call
 * (wired in server/wiring/payments.ts) and the clock.
 */

/** A user as the back office names them beside a voucher: name and e-mail. */
export type UserContact = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  /** An anonymised account. */
  deleted: boolean;
};

export type OrdersServiceDeps = {
  db: Db;
  settings: { get(name: string): Promise<unknown> };
  notifier: Notifier;
  /** The listings module's operations an order needs, each in the caller's transaction. */
  listings: {
    /** A fee was paid: the listing is released ("payment received"); false when it no longer awaited payment. */
    releaseAfterPayment(productId: number, tx?: Db): Promise<boolean>;
    /** A paid promotion moves the listing's top placement on by `days`; null when the listing is gone. */
    promote(
      tx: Db,
      productId: number,
      days: number,
      at: Date,
    ): Promise<{ toppedUntil: Date; sellerId: number | null } | null>;
    /** A shop order's pieces: taken again for a released order paid after all, given back when released. */
    reserveStock(tx: Db, lines: StockLine[]): Promise<StockReservation>;
    releaseStock(tx: Db, lines: { productId: number; quantity: number }[]): Promise<void>;
    /** A shop order's products as they are now (their pages, for the summary's links). */
    shopProducts(db: Db, ids: number[], locale: Locale): Promise<ShopProduct[]>;
  };
  /** A shop order's mails (confirmation, payment, shipment) go to its e-mail, queued in its transaction. */
  mail: Mailer;
  /** The site's public address, for the links in those mails. */
  publicUrl: string;
  /** The buyer's invoice address and name, for a tax document (the users module's). */
  invoiceDetailsOf: InvoiceDetailsOf;
  recordAudit: RecordAudit;
  /** The users module's reads a voucher's influencer needs (its ids-by-email and recipients). */
  users: {
    /** The account with this e-mail, regardless of case; null when there is none. */
    idByEmail(executor: Db, email: string): Promise<number | null>;
    /** The accounts of `ids` that exist, by id. */
    contactsOf(executor: Db, ids: number[]): Promise<Map<number, UserContact>>;
  };
  /** BANK_ACCOUNT_IBAN: overrides the `contacts` setting's account. */
  bankAccountIban: string | undefined;
  logger?: Logger;
  now?: () => Date;
};

export type OrdersContext = Omit<OrdersServiceDeps, "now"> & { now: () => Date };

export function createOrdersContext(deps: OrdersServiceDeps): OrdersContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}
