import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { czechAccountToIban, formatIban, normalizeIban } from "#core/formats/iban.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { auditLog } from "../admin/tables.ts";
import type { AuthUser } from "../auth/index.ts";
import type { MyListing } from "../listings/index.ts";
import { type Fee, type PromotionFees, promotionFee, readPromotionFees } from "../listings/index.ts";
import { products } from "../listings/tables/products.ts";
import type { Notifier } from "../messages/index.ts";
import type { CardGateway, GatewayState } from "./gateways.ts";
import { type InvoicePayload, issueInvoice } from "./invoices.ts";
import { buildSpayd, spaydQrSvg } from "./spayd.ts";
import {
  invoices,
  type Order,
  type OrderKind,
  type OrderStatus,
  orderItems,
  orders,
  type Payment,
  type PaymentStatus,
  paymentEvents,
  payments,
} from "./tables.ts";

/**
 * One payments module for what users pay the operator (product.md "Payments and the cart"):
 * insertion fees of listings and promotions (topování); shop orders will use the same orders,
 * payments and gateways. An order is reached by its id and unguessable hash. Two ways to pay:
 * a bank transfer with a QR payment and the order number as variable symbol (marked paid by the
 * operator), or a card gateway (the test gateway here) whose state is read from the gateway,
 * never from the payer's return or a notification's body. Paying an order takes effect once:
 * the order row is locked, and a paid order is never paid again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The days a seller picks from on the promotion page, within the price list's range. */
export const PROMOTION_DAY_CHOICES = [1, 3, 7, 14, 30] as const;

export type PaymentUser = Pick<AuthUser, "id" | "email" | "locale" | "group">;

export type OrderView = {
  id: number;
  hash: string;
  kind: OrderKind;
  status: OrderStatus;
  /** The listing a fee or promotion is for (null once it is gone). */
  listing: { id: number; name: string; url: string; status: MyListing["status"] } | null;
  promotionDays: number | null;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  currencyCode: string;
  createdAt: string;
  paidAt: string | null;
  /** The order's page in the request's language. */
  summaryPath: string;
  /** It can be paid now: unpaid, and the listing still waits for it (fee) or is live (promotion). */
  payable: boolean;
  /** How to pay by bank transfer (when payable and a bank account is configured). */
  bankTransfer: {
    iban: string;
    ibanFormatted: string;
    variableSymbol: string;
    amountMinor: number;
    message: string;
    /** The QR payment's content (SPAYD). */
    spayd: string;
  } | null;
  /** A card gateway is on: the payer may be sent to it. */
  card: boolean;
  /** The latest card attempt, for the page's result line after the gateway. */
  lastCardPayment: {
    status: "created" | "pending" | "paid" | "failed" | "cancelled" | "refunded";
    at: string;
  } | null;
  /** A promotion's listing: topped until (ISO), when it still is. */
  toppedUntil: string | null;
  /** The tax document of a paid order. */
  invoiceNumber: string | null;
  /** A second card payment succeeded for the paid order and was refunded to the payer. */
  duplicateRefunded: boolean;
};

/** A payment as the operator sees it (GET /api/admin/payments). */
export type AdminPayment = {
  id: number;
  orderId: number;
  method: Payment["method"];
  provider: string;
  providerPaymentId: string | null;
  status: PaymentStatus;
  amountMinor: number;
  createdAt: string;
  paidAt: string | null;
  /** Succeeded for an order already paid, so refunded (the refund is done once `refundedAt` is set). */
  refundedAsDuplicate: boolean;
  refundedAt: string | null;
};

export type PromotionOffer = {
  listing: MyListing;
  /** The listing may be promoted now (live); otherwise `reason` says why not. */
  available: boolean;
  reason: string | null;
  toppedUntil: string | null;
  prices: PromotionFees;
  /** The longest promotion that still makes sense: the price list's maximum, cut at the listing's end. */
  maxDays: number;
  choices: { days: number; fee: Fee }[];
};

type Refused = { status: "refused"; message: string };
type Invalid = { status: "invalid"; errors: Record<string, string[]> };
type NotFound = { status: "not_found" };

export type PaymentsServiceDeps = {
  db: Db;
  settings: { get(name: string): Promise<unknown> };
  notifier: Notifier;
  listings: {
    listing(userId: number, id: number, locale: Locale): Promise<MyListing | null>;
    releaseAfterPayment(productId: number, tx?: Db): Promise<boolean>;
  };
  /** BANK_ACCOUNT_IBAN: overrides the `contacts` setting's account. */
  bankAccountIban: string | undefined;
  /** The card gateway; null = card payments off. Also set later by connectGateway (the test gateway notifies this service). */
  gateway?: CardGateway | null;
  logger?: Logger;
  now?: () => Date;
};

/** Card payments one order may open in 15 minutes. */
export const CARD_STARTS_PER_ORDER = 10;

/** The variable symbol of an order's bank transfer: its number (digits only, no leading zero). */
export const variableSymbolOf = (orderId: number) => String(orderId);

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let gateway: CardGateway | null = deps.gateway ?? null;
  const cardStarts = new RateLimiter(CARD_STARTS_PER_ORDER, 15 * 60 * 1000, () => now().getTime());

  /**
   * The operator's account for transfers: BANK_ACCOUNT_IBAN, else the `contacts` setting's
   * `bank_account` (a Czech account number or an IBAN); null when neither is a valid account.
   */
  async function bankAccount(): Promise<string | null> {
    if (deps.bankAccountIban) return deps.bankAccountIban;
    const contacts = (await deps.settings.get("contacts")) as { bank_account?: unknown } | undefined;
    const account = typeof contacts?.bank_account === "string" ? contacts.bank_account : "";
    if (!account) return null;
    const iban = czechAccountToIban(account) ?? normalizeIban(account);
    if (!iban) deps.logger?.warn({ account }, "the contacts setting's bank_account is not a valid account");
    return iban;
  }

  async function promotionPrices(): Promise<PromotionFees | null> {
    return readPromotionFees(await deps.settings.get("fees"));
  }

  /** Days left until the listing ends (a promotion past the end buys nothing), counted from `from`. */
  function daysUntilEnd(listing: MyListing, from: Date): number | null {
    if (!listing.endsAt) return null;
    return Math.ceil((new Date(listing.endsAt).getTime() - from.getTime()) / DAY_MS);
  }

  async function offer(user: PaymentUser, productId: number, locale: Locale): Promise<PromotionOffer | null> {
    const listing = await deps.listings.listing(user.id, productId, locale);
    if (!listing) return null;
    const prices = await promotionPrices();
    const toppedUntil = listing.toppedUntil;
    const from = new Date(Math.max(now().getTime(), toppedUntil ? Date.parse(toppedUntil) : 0));
    const left = daysUntilEnd(listing, from);
    const maxDays = Math.min(prices?.maxDays ?? 0, left ?? Number.POSITIVE_INFINITY);
    let reason: string | null = null;
    if (!prices) reason = translate(locale, "payments.errors.promotionUnavailable");
    else if (!listing.actions.top) reason = translate(locale, "payments.errors.notLive");
    else if (maxDays < prices.minDays) reason = translate(locale, "payments.errors.toppedToEnd");
    const discount = user.group?.discount ?? 0;
    const choices =
      prices && !reason
        ? [...new Set([...PROMOTION_DAY_CHOICES, maxDays])]
            .filter((days) => days >= prices.minDays && days <= maxDays)
            .sort((a, b) => a - b)
            .map((days) => ({ days, fee: promotionFee(prices, days, discount) }))
        : [];
    return {
      listing,
      available: reason === null,
      reason,
      toppedUntil,
      prices: prices ?? { perDayMinor: 0, minDays: 1, maxDays: 0 },
      maxDays: Math.max(0, maxDays),
      choices,
    };
  }

  async function insertOrder(
    tx: Db,
    user: PaymentUser,
    values: {
      kind: OrderKind;
      productId: number;
      fee: Fee;
      promotionDays?: number;
      description: string;
      quantity: number;
      unitPriceMinor: number;
    },
  ): Promise<Order> {
    const at = now();
    const [order] = await tx
      .insert(orders)
      .values({
        hash: randomBytes(16).toString("hex"),
        userId: user.id,
        kind: values.kind,
        status: "awaiting_payment",
        productId: values.productId,
        promotionDays: values.promotionDays ?? null,
        email: user.email,
        locale: user.locale === "en" ? "en" : "cs",
        subtotalMinor: values.fee.baseMinor,
        discountMinor: values.fee.discountMinor,
        totalMinor: values.fee.amountMinor,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx.insert(orderItems).values({
      orderId: order.id,
      productId: values.productId,
      description: values.description,
      quantity: values.quantity,
      unitPriceMinor: values.unitPriceMinor,
    });
    return order;
  }

  /** Earlier unpaid orders of the same kind for the listing give way to the new one. */
  async function cancelOpenOrders(tx: Db, productId: number, kind: OrderKind, keepId?: number) {
    const at = now();
    await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
      .where(
        and(
          eq(orders.productId, productId),
          eq(orders.kind, kind),
          eq(orders.status, "awaiting_payment"),
          keepId === undefined ? sql`true` : sql`${orders.id} <> ${keepId}`,
        ),
      );
  }

  /** Whether an unpaid order's listing still wants it: a fee while awaiting payment, a promotion while live. */
  function stillWanted(kind: OrderKind, productStatus: string | null | undefined): boolean {
    if (kind === "listing_fee") return productStatus === "awaiting_payment";
    if (kind === "promotion") return productStatus === "active";
    return true;
  }

  /**
   * The effect of a paid order, in the transaction that marks it paid: a fee releases the listing
   * (the listings module says "payment received"), a promotion moves the listing's top placement
   * on by its days, counted from now or from the end of a running promotion.
   */
  async function applyPaidOrder(tx: Db, order: Order, at: Date, method: "bank_transfer" | "card") {
    await tx.update(orders).set({ status: "paid", paidAt: at, updatedAt: at }).where(eq(orders.id, order.id));
    await issueInvoice(tx, order, { method, variableSymbol: variableSymbolOf(order.id) }, at);
    if (order.productId === null) return;
    if (order.kind === "listing_fee") {
      const released = await deps.listings.releaseAfterPayment(order.productId, tx);
      if (!released)
        deps.logger?.warn(
          { orderId: order.id, productId: order.productId },
          "a listing fee was paid for a listing no longer awaiting payment: refund it",
        );
    } else if (order.kind === "promotion" && order.promotionDays) {
      const [row] = await tx
        .update(products)
        .set({
          toppedUntil: sql`greatest(coalesce(${products.toppedUntil}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${order.promotionDays})`,
          updatedAt: at,
        })
        .where(eq(products.id, order.productId))
        .returning({ toppedUntil: products.toppedUntil, sellerId: products.sellerId });
      if (row?.sellerId != null && order.userId !== null)
        await deps.notifier.notify(tx, order.userId, "payment_received", {
          productId: order.productId,
          variant: "promotion",
          // One date format for both languages: the notice is written once, read in either.
          values: { until: formatShortDateTime(row.toppedUntil!, "cs") },
          link: { page: "accountAdvertisements" },
        });
    }
  }

  /** Locks an order; null when missing. */
  async function lockOrder(tx: Db, orderId: number): Promise<Order | null> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    return order ?? null;
  }

  /**
   * A card payment's state from the gateway, applied to the payment and its order (once). A
   * payment that succeeds for an order already paid (two payments started before starts were
   * reused, a transfer marked paid while the card payment was open, a gateway paying twice) is
   * a duplicate: it is marked refunded and audited in the transaction that sees it, and refunded
   * at the gateway once that has committed (no gateway call holds the order's lock).
   */
  async function applyGatewayState(providerPaymentId: string, state: GatewayState | null) {
    if (!gateway || state === null || state === "pending") return;
    const provider = gateway.provider;
    const [found] = await db
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
    if (!found) return;
    const refundDue = await db.transaction(async (tx): Promise<Payment | null> => {
      // Order first, then its payment: the same lock order as every other path.
      const order = await lockOrder(tx, found.orderId);
      const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
      if (!order || !payment) return null;
      // Decided earlier; its refund at the gateway may not have been done (a crash in between).
      if (payment.status === "refunded") return payment.refundedAt ? null : payment;
      if (payment.status !== "created" && payment.status !== "pending") return null;
      if (state === "refunded") return null;
      const at = now();
      if (state === "paid" && order.status === "paid") {
        const [duplicate] = await tx
          .update(payments)
          .set({ status: "refunded", refundReason: "duplicate", paidAt: at, updatedAt: at })
          .where(eq(payments.id, payment.id))
          .returning();
        await tx.insert(auditLog).values({
          actorId: null,
          action: "payment.refund_duplicate",
          entity: "payment",
          entityId: String(payment.id),
          data: { orderId: order.id, provider, providerPaymentId, amountMinor: payment.amountMinor },
        });
        deps.logger?.warn(
          { orderId: order.id, paymentId: payment.id },
          "a card payment succeeded for an order already paid: refunding it",
        );
        return duplicate;
      }
      await tx
        .update(payments)
        .set({ status: state, paidAt: state === "paid" ? at : null, updatedAt: at })
        .where(eq(payments.id, payment.id));
      if (state === "paid" && order.status !== "paid") await applyPaidOrder(tx, order, at, "card");
      return null;
    });
    if (refundDue) await refundAtGateway(refundDue);
  }

  /** Returns a duplicate payment's money at the gateway (idempotent there) and records that it did. */
  async function refundAtGateway(payment: Payment) {
    if (!gateway || payment.provider !== gateway.provider || !payment.providerPaymentId) return;
    await gateway.refund(payment.providerPaymentId, payment.amountMinor);
    const at = now();
    await db
      .update(payments)
      .set({ refundedAt: at, updatedAt: at })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
  }

  /**
   * Reads the order's open card payments from the gateway and applies their state, then does the
   * gateway refunds still due for the order's duplicates: the payer's return and a new start see
   * what the gateway knows even when its notification never came.
   */
  async function syncCardPayments(orderId: number) {
    if (!gateway) return;
    const rows = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.provider, gateway.provider),
          or(
            inArray(payments.status, ["created", "pending"]),
            and(eq(payments.status, "refunded"), isNull(payments.refundedAt)),
          ),
        ),
      );
    for (const payment of rows) {
      if (!payment.providerPaymentId) continue;
      try {
        if (payment.status === "refunded") await refundAtGateway(payment);
        else
          await applyGatewayState(payment.providerPaymentId, await gateway.status(payment.providerPaymentId));
      } catch (err) {
        // The gateway is unreachable: the page shows what is known, the next look or notification retries.
        deps.logger?.warn(
          { err, paymentId: payment.id },
          "could not read or refund a card payment at the gateway",
        );
      }
    }
  }

  async function findOrder(id: number, hash: string): Promise<Order | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_INT4 || !/^[0-9a-f]{16,64}$/.test(hash)) return null;
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.hash, hash)));
    return order ?? null;
  }

  /** `account`: the transfer account when the caller already looked it up (a list of orders). */
  async function view(stored: Order, locale: Locale, account?: string | null): Promise<OrderView> {
    let order = stored;
    const listing =
      order.productId !== null && order.userId !== null
        ? await deps.listings.listing(order.userId, order.productId, locale)
        : null;
    // Its listing no longer wants it (cancelled, expired, ended): the unpaid order is cancelled, so
    // that nobody pays for nothing and the payments page does not show it as due.
    if (
      order.status === "awaiting_payment" &&
      order.kind !== "shop" &&
      !stillWanted(order.kind, listing?.status)
    ) {
      const at = now();
      const [cancelled] = await db
        .update(orders)
        .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
        .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")))
        .returning();
      order = cancelled ?? order;
    }
    const cardPayments = await db
      .select({ status: payments.status, updatedAt: payments.updatedAt, refundReason: payments.refundReason })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.method, "card")))
      .orderBy(desc(payments.id));
    const lastCard = cardPayments[0];
    const payable =
      order.status === "awaiting_payment" && order.totalMinor > 0 && stillWanted(order.kind, listing?.status);
    const iban = payable ? (account === undefined ? await bankAccount() : account) : null;
    const variableSymbol = variableSymbolOf(order.id);
    const message = translate(locale, "payments.bank.message", { number: order.id });
    const [invoice] =
      order.status === "paid"
        ? await db
            .select({ number: invoices.number })
            .from(invoices)
            .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")))
        : [];
    return {
      id: order.id,
      hash: order.hash,
      kind: order.kind,
      status: order.status,
      listing: listing
        ? { id: listing.id, name: listing.name, url: listing.url, status: listing.status }
        : null,
      promotionDays: order.promotionDays,
      subtotalMinor: order.subtotalMinor,
      discountMinor: order.discountMinor,
      totalMinor: order.totalMinor,
      currencyCode: order.currencyCode,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      summaryPath: localePath("accountSummary", locale, { orderId: order.id, hash: order.hash }),
      payable,
      bankTransfer:
        payable && iban
          ? {
              iban,
              ibanFormatted: formatIban(iban),
              variableSymbol,
              amountMinor: order.totalMinor,
              message,
              spayd: buildSpayd({
                iban,
                amountMinor: order.totalMinor,
                currency: order.currencyCode,
                variableSymbol,
                message,
              }),
            }
          : null,
      card: payable && gateway !== null,
      lastCardPayment: lastCard ? { status: lastCard.status, at: lastCard.updatedAt.toISOString() } : null,
      toppedUntil: order.kind === "promotion" ? (listing?.toppedUntil ?? null) : null,
      invoiceNumber: invoice?.number ?? null,
      duplicateRefunded: cardPayments.some((payment) => payment.refundReason === "duplicate"),
    };
  }

  return {
    /** The card gateway (the test gateway's page reaches it here); null = card payments off. */
    get gateway() {
      return gateway;
    },
    connectGateway(next: CardGateway | null) {
      gateway = next;
    },

    /** The QR code of a bank transfer's SPAYD content, as SVG. */
    qrSvg: spaydQrSvg,

    /** The promotion page: prices, the days that make sense for this listing, what it costs. */
    promotionOffer: offer,

    /**
     * Orders a promotion of the caller's live listing for `days` days (the price list's range, cut
     * at the listing's end), the group discount applied. An earlier unpaid promotion order of the
     * listing is cancelled: the seller changed their mind about the days.
     */
    async orderPromotion(
      user: PaymentUser,
      productId: number,
      days: unknown,
      locale: Locale,
    ): Promise<{ status: "created"; order: OrderView } | Refused | Invalid | NotFound> {
      const current = await offer(user, productId, locale);
      if (!current) return { status: "not_found" };
      if (!current.available) return { status: "refused", message: current.reason! };
      const { prices } = current;
      if (
        typeof days !== "number" ||
        !Number.isInteger(days) ||
        days < prices.minDays ||
        days > current.maxDays
      )
        return {
          status: "invalid",
          errors: {
            days: [translate(locale, "payments.errors.days", { min: prices.minDays, max: current.maxDays })],
          },
        };
      const fee = promotionFee(prices, days, user.group?.discount ?? 0);
      const order = await db.transaction(async (tx) => {
        const created = await insertOrder(tx, user, {
          kind: "promotion",
          productId,
          fee,
          promotionDays: days,
          description: translate("cs", "payments.item.promotion", { days, name: current.listing.name }),
          quantity: days,
          unitPriceMinor: prices.perDayMinor,
        });
        await cancelOpenOrders(tx, productId, "promotion", created.id);
        return created;
      });
      return { status: "created", order: await view(order, locale) };
    },

    /**
     * The order of an unpaid listing's insertion fee: the open one when its amount still matches
     * the listing's fee (an edit may have changed it), else a new one.
     */
    async orderListingFee(
      user: PaymentUser,
      productId: number,
      locale: Locale,
    ): Promise<{ status: "created"; order: OrderView } | Refused | NotFound> {
      const listing = await deps.listings.listing(user.id, productId, locale);
      if (!listing) return { status: "not_found" };
      if (
        listing.status !== "awaiting_payment" ||
        !listing.fee ||
        listing.fee.paid ||
        listing.fee.amountMinor <= 0
      )
        return { status: "refused", message: translate(locale, "payments.errors.nothingToPay") };
      const fee = listing.fee;
      const order = await db.transaction(async (tx) => {
        // The listing row is the lock: two clicks on "pay" make one order.
        await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
        const [open] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.productId, productId),
              eq(orders.kind, "listing_fee"),
              eq(orders.status, "awaiting_payment"),
              eq(orders.totalMinor, fee.amountMinor),
            ),
          )
          .orderBy(desc(orders.id))
          .limit(1);
        if (open) return open;
        await cancelOpenOrders(tx, productId, "listing_fee");
        return insertOrder(tx, user, {
          kind: "listing_fee",
          productId,
          fee,
          description: translate("cs", "payments.item.listingFee", { name: listing.name }),
          quantity: 1,
          unitPriceMinor: fee.baseMinor,
        });
      });
      return { status: "created", order: await view(order, locale) };
    },

    /**
     * The order behind id + hash, for whoever holds both. An open card payment's state is read
     * from the gateway first, so the page shows the result when the payer comes back even if
     * the gateway's notification has not arrived.
     */
    async order(id: number, hash: string, locale: Locale): Promise<OrderView | null> {
      let order = await findOrder(id, hash);
      if (!order) return null;
      if (gateway) {
        await syncCardPayments(order.id);
        order = (await findOrder(id, hash))!;
      }
      return view(order, locale);
    },

    /** A tax document of the caller's, as issued; null for another user's or an unknown number. */
    async invoice(userId: number, number: string): Promise<InvoicePayload | null> {
      if (!/^\d{10}$/.test(number)) return null;
      const [row] = await db
        .select({ payload: invoices.payload })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(and(eq(invoices.number, number), eq(orders.userId, userId)));
      return (row?.payload as InvoicePayload | undefined) ?? null;
    },

    /** The caller's fee and promotion orders, newest first (the account's payments page). */
    async myOrders(userId: number, locale: Locale, limit = 50): Promise<OrderView[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.kind, ["listing_fee", "promotion"])))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      const account = await bankAccount();
      return Promise.all(rows.map((row) => view(row, locale, account)));
    },

    /**
     * Starts a card payment of a payable order at the gateway: where to send the payer. An order
     * has one card payment open at a time: a start while one is open (not failed, expired or
     * declined at the gateway) sends the payer to it again, so that two starts (two tabs, a double
     * click, a retry) cannot both be paid. The order's row lock decides which start opens it.
     */
    async payByCard(
      id: number,
      hash: string,
      locale: Locale,
    ): Promise<
      { status: "redirect"; url: string } | Refused | NotFound | { status: "too_many"; message: string }
    > {
      const found = await findOrder(id, hash);
      if (!found) return { status: "not_found" };
      // Each start opens a payment at the gateway: a few per order and quarter of an hour is plenty.
      if (!cardStarts.attempt(String(found.id)))
        return { status: "too_many", message: translate(locale, "errors.tooManyRequests") };
      // An open payment the payer has meanwhile paid or declined at the gateway is not reused.
      await syncCardPayments(found.id);
      const order = (await findOrder(id, hash))!;
      const current = await view(order, locale);
      const refused = (status: string): Refused => ({
        status: "refused",
        message: translate(
          locale,
          status === "paid" ? "payments.errors.alreadyPaid" : "payments.errors.notPayable",
        ),
      });
      const active = gateway;
      if (!current.payable || !active) return refused(order.status);
      const payment = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (locked?.status !== "awaiting_payment") return locked?.status ?? "missing";
        const [open] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.orderId, order.id),
              eq(payments.method, "card"),
              eq(payments.provider, active.provider),
              inArray(payments.status, ["created", "pending"]),
              // A payment opened before starts were reused has no stored redirect: not reusable.
              or(isNull(payments.providerPaymentId), sql`${payments.redirectUrl} is not null`),
            ),
          )
          .orderBy(desc(payments.id))
          .limit(1);
        if (open) return open;
        const [created] = await tx
          .insert(payments)
          .values({
            orderId: order.id,
            method: "card",
            provider: active.provider,
            status: "created",
            amountMinor: locked.totalMinor,
          })
          .returning();
        return created;
      });
      if (typeof payment === "string") return refused(payment);
      if (payment.providerPaymentId && payment.redirectUrl)
        return { status: "redirect", url: payment.redirectUrl };
      // Opened at the gateway after the lock is released (no gateway call holds it); the payment's
      // id is the gateway's reference, so a concurrent start, or one after a crash right here,
      // gets the same gateway payment.
      const started = await active.create({
        reference: `payment-${payment.id}`,
        amountMinor: payment.amountMinor,
        currencyCode: order.currencyCode,
        description:
          translate(locale, `payments.kind.${order.kind}`) +
          (current.listing ? `: ${current.listing.name}` : ""),
        returnPath: current.summaryPath,
        locale,
      });
      await db
        .update(payments)
        .set({
          providerPaymentId: started.providerPaymentId,
          redirectUrl: started.redirectUrl,
          status: "pending",
          updatedAt: now(),
        })
        .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
      return { status: "redirect", url: started.redirectUrl };
    },

    /**
     * A gateway's notification: the signature must hold; an event already processed is answered
     * without effect (gateways deliver at least once); the payment's state is then read from the
     * gateway itself.
     */
    async handleNotification(
      provider: string,
      rawBody: string,
      signature: string | undefined,
    ): Promise<"processed" | "duplicate" | "unknown_provider" | "bad_signature"> {
      if (!gateway || gateway.provider !== provider) return "unknown_provider";
      const event = gateway.readNotification(rawBody, signature);
      if (!event) return "bad_signature";
      await db
        .insert(paymentEvents)
        .values({ provider, eventId: event.eventId, payload: event.payload })
        .onConflictDoNothing();
      const [stored] = await db
        .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.eventId)));
      if (stored.processedAt) return "duplicate";
      await applyGatewayState(event.providerPaymentId, await gateway.status(event.providerPaymentId));
      await db.update(paymentEvents).set({ processedAt: now() }).where(eq(paymentEvents.id, stored.id));
      return "processed";
    },

    /**
     * Payments for the operator, newest first: by state (`refunded` lists the duplicates refunded
     * to their payers) and/or order.
     */
    async adminPayments(filter: { status?: PaymentStatus; orderId?: number; limit?: number }) {
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            filter.status ? eq(payments.status, filter.status) : undefined,
            filter.orderId ? eq(payments.orderId, filter.orderId) : undefined,
          ),
        )
        .orderBy(desc(payments.id))
        .limit(filter.limit ?? 100);
      return rows.map(
        (row): AdminPayment => ({
          id: row.id,
          orderId: row.orderId,
          method: row.method,
          provider: row.provider,
          providerPaymentId: row.providerPaymentId,
          status: row.status,
          amountMinor: row.amountMinor,
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
          refundedAsDuplicate: row.refundReason === "duplicate",
          refundedAt: row.refundedAt?.toISOString() ?? null,
        }),
      );
    },

    /**
     * The operator saw the bank transfer arrive (variable symbol = order number): the order is
     * paid, the transfer recorded, the change audited. Paying a paid order changes nothing.
     */
    async markPaidByTransfer(
      orderId: number,
      actorId: number,
    ): Promise<"paid" | "already_paid" | "cancelled" | "not_found"> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return "not_found";
        if (order.status === "paid") return "already_paid";
        if (order.status !== "awaiting_payment" && order.status !== "new") return "cancelled";
        const at = now();
        await tx.insert(payments).values({
          orderId: order.id,
          method: "bank_transfer",
          provider: "bank",
          status: "paid",
          amountMinor: order.totalMinor,
          variableSymbol: variableSymbolOf(order.id),
          paidAt: at,
        });
        await applyPaidOrder(tx, order, at, "bank_transfer");
        await tx.insert(auditLog).values({
          actorId,
          action: "order.paid",
          entity: "order",
          entityId: String(order.id),
          data: { method: "bank_transfer", totalMinor: order.totalMinor },
        });
        return "paid";
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
