import { asc, desc, eq } from "drizzle-orm";
import type { DealNextAction, DealPageView, DealRole, DealRow } from "#core/contracts/deals.ts";
import { MARKETPLACE_METHODS } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { trackingUrl } from "#core/rules/delivery.ts";
import { CARRIERS, type Carrier } from "#core/schemas/delivery.ts";
import type { Db } from "#server/db/client.ts";
import { type ProductSummary, productSummaries, summaryName } from "../listing-reads/index.ts";
import { buyerThreadsOf } from "../messages/index.ts";
import { publicNamesOf } from "../users/index.ts";
import { balancesOf } from "./ledger.ts";
import { sellerPayoutAccounts } from "./tables/provider.ts";
import { type DealRecord, dealStatusChanges, deals } from "./tables.ts";

/**
 * The deals as the account pages show them (issue 35, item 8): Nákupy (the user's purchases),
 * Prodeje (their sales) and one deal's page, only to its buyer or its seller.
 */

const LIST_LIMIT = 200;

function nextAction(deal: DealRecord, role: DealRole, payoutsEnabled: boolean): DealNextAction {
  if (role === "buyer") {
    if (deal.status === "awaiting_payment") return "pay";
    if (deal.status === "shipped" || deal.status === "delivered") return "confirm_receipt";
    if (deal.status === "ready_for_pickup") return "pick_up";
    return deal.status === "paid" ? "wait" : "none";
  }
  if (deal.status === "paid") return deal.carrier === null ? "hand_over" : "ship";
  if (deal.status === "ready_for_pickup") return "enter_code";
  if ((deal.status === "completed" || deal.status === "partially_refunded") && !payoutsEnabled)
    return "onboard";
  return deal.status === "awaiting_payment" || deal.status === "shipped" ? "wait" : "none";
}

/** The deadline the deal waits for now (pay, ship, collect, release), or null. */
export function dueOf(deal: DealRecord): Date | null {
  if (deal.status === "awaiting_payment") return deal.payBy;
  if (deal.status === "paid") return deal.shipBy;
  if (deal.status === "ready_for_pickup") return deal.pickupBy;
  if (deal.status === "shipped" || deal.status === "delivered") return deal.releaseAt;
  return null;
}

async function rowsOf(
  db: Db,
  list: DealRecord[],
  userId: number,
  locale: Locale,
  products?: Map<number, ProductSummary>,
): Promise<DealRow[]> {
  products ??= await productSummaries(
    db,
    list.map((deal) => deal.productId),
  );
  const names = new Map(
    (
      await publicNamesOf(
        db,
        list.flatMap((deal) => [deal.buyerId, deal.sellerId]),
      )
    ).map((name) => [name.id, name.deleted ? "" : name.username]),
  );
  const [account] = await db
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.userId, userId));
  return list.map((deal) => {
    const role: DealRole = deal.buyerId === userId ? "buyer" : "seller";
    const due = dueOf(deal);
    return {
      id: deal.id,
      role,
      source: deal.source,
      status: deal.status,
      productId: deal.productId,
      productName: summaryName(products.get(deal.productId), locale),
      image: products.get(deal.productId)?.image ?? null,
      counterpart: names.get(role === "buyer" ? deal.sellerId : deal.buyerId) ?? "",
      totalMinor: deal.totalMinor,
      priceMinor: deal.priceMinor,
      next: nextAction(deal, role, account?.payoutsEnabled ?? false),
      dueAt: due?.toISOString() ?? null,
      createdAt: deal.createdAt.toISOString(),
    };
  });
}

/** The user's purchases or sales, the newest first. */
export async function dealsOf(db: Db, userId: number, role: DealRole, locale: Locale): Promise<DealRow[]> {
  const list = await db
    .select()
    .from(deals)
    .where(role === "buyer" ? eq(deals.buyerId, userId) : eq(deals.sellerId, userId))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(LIST_LIMIT);
  return rowsOf(db, list, userId, locale);
}

const isCarrier = (value: string | null): value is Carrier => CARRIERS.includes(value as Carrier);

/** One deal's page for its buyer or seller; null for anyone else (the page answers 404). */
export async function dealPageOf(
  db: Db,
  dealId: number,
  userId: number,
  locale: Locale,
): Promise<DealPageView | null> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId)).limit(1);
  if (!deal || (deal.buyerId !== userId && deal.sellerId !== userId)) return null;
  // The item read once, for the row and the page's link.
  const products = await productSummaries(db, [deal.productId]);
  const [row] = await rowsOf(db, [deal], userId, locale, products);
  const product = products.get(deal.productId);
  const timeline = await db
    .select()
    .from(dealStatusChanges)
    .where(eq(dealStatusChanges.dealId, deal.id))
    .orderBy(asc(dealStatusChanges.id));
  const [account] = await db
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.userId, deal.sellerId));
  const balances = await balancesOf(db, deal.id);
  const threads = await buyerThreadsOf(db, deal.buyerId, [deal.productId]);
  const en = locale === "en";
  return {
    ...row,
    productUrl: product
      ? localePath("product", locale, {
          id: product.id,
          category: (en ? product.categorySlugEn || product.categorySlugCs : product.categorySlugCs) ?? "",
          product: en ? product.slugEn || product.slugCs : product.slugCs,
        })
      : localePath("home", locale),
    deliveryMinor: deal.deliveryMinor,
    buyerFeeMinor: deal.buyerFeeMinor,
    sellerCommissionMinor: deal.sellerCommissionMinor,
    sellerGetsMinor: deal.priceMinor - deal.sellerCommissionMinor + deal.deliveryMinor,
    carrier: deal.carrier,
    pickupTown: deal.pickupTown,
    trackingNumber: deal.trackingNumber,
    trackingUrl:
      deal.trackingNumber && isCarrier(deal.carrier) ? trackingUrl(deal.carrier, deal.trackingNumber) : null,
    pickupCode: row.role === "buyer" && deal.status === "ready_for_pickup" ? deal.pickupCode : null,
    payBy: deal.payBy.toISOString(),
    shipBy: deal.shipBy?.toISOString() ?? null,
    releaseAt: deal.releaseAt?.toISOString() ?? null,
    timeline: timeline.map((change) => ({
      transition: change.transition,
      status: change.toStatus,
      at: change.createdAt.toISOString(),
    })),
    methods: row.role === "buyer" && deal.status === "awaiting_payment" ? [...MARKETPLACE_METHODS] : [],
    payoutsEnabled: row.role === "seller" ? (account?.payoutsEnabled ?? false) : null,
    paidOutMinor: row.role === "seller" ? balances.paid_out : 0,
    threadId: threads.get(deal.productId) ?? null,
  };
}

/** A deal by its id, as it stands; null without one (the unpaid wins' relisting check). */
export async function dealOf(executor: Db, dealId: number): Promise<DealRecord | null> {
  const [deal] = await executor.select().from(deals).where(eq(deals.id, dealId));
  return deal ?? null;
}

/** The deal's two sides; null without such a deal (the disputes' and their photos' checks). */
export async function dealSidesOf(db: Db, dealId: number) {
  const [row] = await db
    .select({ buyerId: deals.buyerId, sellerId: deals.sellerId })
    .from(deals)
    .where(eq(deals.id, dealId));
  return row ?? null;
}
