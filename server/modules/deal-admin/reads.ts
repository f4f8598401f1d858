import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  type ADMIN_DEAL_SORTS,
  type AdminDeal,
  type AdminDealRow,
  OPERATOR_CANCELLABLE,
} from "#core/contracts/admin-deals.ts";
import { dealReference } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import type { TablePage, TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { balancesOf, dueOf, LEDGER_ACCOUNTS } from "../deals/index.ts";
import {
  dealCharges,
  dealProviderCalls,
  dealProviderEvents,
  sellerPayoutAccounts,
} from "../deals/tables/provider.ts";
import { type DealRecord, dealStatusChanges, deals, ledgerPostings } from "../deals/tables.ts";
import { productSummaries } from "../listing-reads/index.ts";
import { staffContactsOf, userIdsMatching } from "../users/index.ts";
import { callView } from "./calls.ts";

/**
 * The deals as the operator reads them (issue 35, item 9; ADR 0076): every deal, the overdue ones
 * first; one deal with its money, its charges, its calls to the provider, its history and the
 * provider's webhooks; the payouts and refunds with the refused ones first. Scope `deals`, checked
 * by the callers (the admin API and the pages). The deals' tables are read here as their
 * declared read side (ADR 0089), never written.
 */

export type AdminDealFilters = { status?: DealStatus };
export type AdminDealSort = (typeof ADMIN_DEAL_SORTS)[number];

/**
 * Awaiting payment past pay-by, paid and not sent past ship-by, or ready for a pickup nobody
 * collected by its deadline: the deadline's job is late.
 */
const overdueSql = (at: Date): SQL<boolean> =>
  sql<boolean>`((${deals.status} = 'awaiting_payment' and ${deals.payBy} < ${at.toISOString()}) or (${deals.status} = 'paid' and ${deals.shipBy} < ${at.toISOString()}) or (${deals.status} = 'ready_for_pickup' and ${deals.pickupBy} < ${at.toISOString()}))`;

/** The deadline an overdue deal missed (the list's order: the longest overdue first). */
const missedDeadlineSql = sql`case when ${deals.status} = 'ready_for_pickup' then ${deals.pickupBy} else coalesce(${deals.shipBy}, ${deals.payBy}) end`;

function isOverdue(deal: DealRecord, at: Date): boolean {
  if (deal.status === "awaiting_payment") return deal.payBy < at;
  if (deal.status === "ready_for_pickup") return deal.pickupBy !== null && deal.pickupBy < at;
  return deal.status === "paid" && deal.shipBy !== null && deal.shipBy < at;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `q` is a deal's number (`123`, `#123`) or part of a party's e-mail or username. */
async function searchCondition(db: Db, q: string | undefined): Promise<SQL | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  const asId = /^#?\d{1,9}$/.test(text) ? Number(text.replace("#", "")) : null;
  const userIds = await userIdsMatching(db, text);
  return or(
    asId !== null ? eq(deals.id, asId) : undefined,
    userIds.length > 0 ? or(inArray(deals.buyerId, userIds), inArray(deals.sellerId, userIds)) : undefined,
    sql`false`,
  );
}

export async function partiesOf(db: Db, list: DealRecord[]) {
  return staffContactsOf(
    db,
    list.flatMap((deal) => [deal.buyerId, deal.sellerId]),
  );
}

export function productNameOf(
  products: Map<number, { nameCs: string; nameEn: string | null }>,
  id: number,
  locale: Locale,
) {
  const product = products.get(id);
  if (!product) return `#${id}`;
  return locale === "en" && product.nameEn ? product.nameEn : product.nameCs;
}

/** One page of deals: the overdue first (the longest overdue on top), then by the chosen sort. */
export async function adminDealsPage(
  db: Db,
  query: TableQuery<AdminDealSort>,
  filters: AdminDealFilters,
  locale: Locale,
  at: Date,
): Promise<TablePage<AdminDealRow>> {
  const where = and(
    filters.status ? eq(deals.status, filters.status) : undefined,
    await searchCondition(db, query.q),
  );
  const column = query.sort === "totalMinor" ? deals.totalMinor : deals.createdAt;
  const rows = await db
    .select()
    .from(deals)
    .where(where)
    .orderBy(
      desc(overdueSql(at)),
      asc(sql`case when ${overdueSql(at)} then ${missedDeadlineSql} end`),
      query.dir === "asc" ? asc(column) : desc(column),
      desc(deals.id),
    )
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ total }] = await db.select({ total: count() }).from(deals).where(where);
  const [parties, products] = await Promise.all([
    partiesOf(db, rows),
    productSummaries(
      db,
      rows.map((deal) => deal.productId),
    ),
  ]);
  return {
    rows: rows.map((deal) => ({
      id: deal.id,
      status: deal.status,
      overdue: isOverdue(deal, at),
      dueAt: iso(dueOf(deal)),
      productId: deal.productId,
      productName: productNameOf(products, deal.productId, locale),
      buyer: parties.get(deal.buyerId) ?? null,
      seller: parties.get(deal.sellerId) ?? null,
      totalMinor: deal.totalMinor,
      createdAt: deal.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/** A charge the buyer opened, as the operator's deal page lists it. */
const chargeView = (charge: typeof dealCharges.$inferSelect) => ({
  id: charge.id,
  method: charge.method,
  amountMinor: charge.amountMinor,
  chargeId: charge.chargeId,
  paymentId: charge.paymentId,
  paidAt: iso(charge.paidAt),
  endedAt: iso(charge.endedAt),
  createdAt: charge.createdAt.toISOString(),
});

/** A webhook of the provider about the deal, received and (when) processed. */
const eventView = (event: typeof dealProviderEvents.$inferSelect) => ({
  id: event.id,
  type: event.type,
  objectId: event.objectId,
  createdAt: event.createdAt.toISOString(),
  processedAt: iso(event.processedAt),
});

/** The deal's own columns as the operator's page shows them. */
function adminDealSummary(deal: DealRecord, productName: string, at: Date) {
  return {
    id: deal.id,
    source: deal.source,
    status: deal.status,
    overdue: isOverdue(deal, at),
    productId: deal.productId,
    productName,
    priceMinor: deal.priceMinor,
    deliveryMinor: deal.deliveryMinor,
    buyerFeeMinor: deal.buyerFeeMinor,
    sellerCommissionMinor: deal.sellerCommissionMinor,
    totalMinor: deal.totalMinor,
    carrier: deal.carrier,
    pickupTown: deal.pickupTown,
    trackingNumber: deal.trackingNumber,
    payBy: deal.payBy.toISOString(),
    shipBy: iso(deal.shipBy),
    releaseAt: iso(deal.releaseAt),
    createdAt: deal.createdAt.toISOString(),
    paidAt: iso(deal.paidAt),
    shippedAt: iso(deal.shippedAt),
    deliveredAt: iso(deal.deliveredAt),
    closedAt: iso(deal.closedAt),
  };
}

/** One deal with everything the operator needs to see what happened to it and its money. */
export async function adminDealOf(
  db: Db,
  dealId: number,
  locale: Locale,
  at: Date,
): Promise<AdminDeal | null> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  if (!deal) return null;
  const [balances, postings, charges, calls, history, parties, products, account] = await Promise.all([
    balancesOf(db, deal.id),
    db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.dealId, deal.id))
      .orderBy(asc(ledgerPostings.id)),
    db.select().from(dealCharges).where(eq(dealCharges.dealId, deal.id)).orderBy(asc(dealCharges.id)),
    db
      .select()
      .from(dealProviderCalls)
      .where(eq(dealProviderCalls.dealId, deal.id))
      .orderBy(asc(dealProviderCalls.id)),
    db
      .select()
      .from(dealStatusChanges)
      .where(eq(dealStatusChanges.dealId, deal.id))
      .orderBy(asc(dealStatusChanges.id)),
    partiesOf(db, [deal]),
    productSummaries(db, [deal.productId]),
    db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.userId, deal.sellerId)),
  ]);
  const chargeIds = charges.flatMap((charge) => (charge.chargeId ? [charge.chargeId] : []));
  const events = await db
    .select()
    .from(dealProviderEvents)
    .where(
      or(
        chargeIds.length > 0 ? inArray(dealProviderEvents.objectId, chargeIds) : undefined,
        eq(dealProviderEvents.reference, dealReference(deal.id)),
      ),
    )
    .orderBy(asc(dealProviderEvents.id));
  const actors = await staffContactsOf(
    db,
    history.flatMap((change) => (change.actorId ? [change.actorId] : [])),
  );
  const seller = parties.get(deal.sellerId);
  return {
    deal: adminDealSummary(deal, productNameOf(products, deal.productId, locale), at),
    buyer: parties.get(deal.buyerId) ?? null,
    seller: seller ? { ...seller, payoutsEnabled: account[0]?.payoutsEnabled ?? null } : null,
    balances: LEDGER_ACCOUNTS.map((account) => ({ account, amountMinor: balances[account] })),
    postings: postings.map((posting) => ({
      id: posting.id,
      movement: posting.movement,
      amountMinor: posting.amountMinor,
      createdAt: posting.createdAt.toISOString(),
    })),
    charges: charges.map(chargeView),
    calls: calls.map(callView),
    history: history.map((change) => ({
      id: change.id,
      transition: change.transition,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      actor: change.actorId ? (actors.get(change.actorId)?.username ?? `#${change.actorId}`) : null,
      reason: change.reason,
      createdAt: change.createdAt.toISOString(),
    })),
    events: events.map(eventView),
    canCancel: OPERATOR_CANCELLABLE.includes(deal.status),
  };
}

/** The dashboard's queue of deals past their deadline. */
export async function overdueDealCount(db: Db, at: Date): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(deals).where(overdueSql(at));
  return total;
}
