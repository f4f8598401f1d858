import { asc, eq } from "drizzle-orm";
import { err, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { Balances, NewDeal } from "./contracts.ts";
import { balancesOf } from "./ledger.ts";
import {
  cancelDeal,
  payDeal,
  payOutDeal,
  type Resolution,
  releaseDeal,
  resolveDeal,
  type StepRefusal,
  step,
} from "./settle.ts";
import { type DealRecord, dealStatusChanges, deals } from "./tables.ts";
import {
  createDeal,
  type DealActor,
  lockDeal,
  type MoveRefusal,
  markDealDelivered,
  markDealDisputed,
  markDealReadyForPickup,
  markDealShipped,
  markDealUnpaid,
} from "./transitions.ts";

/**
 * The deals (issue 35, ADR 0073): a won auction, a classified bought or an accepted payment
 * request, paid, shipped or handed over, and settled, the buyer's money held meanwhile. Each
 * operation is one transaction: the status through transitions.ts, the money through the ledger.
 * It answers in codes (core/result.ts). The provider's port, the deadlines' jobs, the mails and the
 * pages come later; their callers hand in the keys and the dates.
 */
export type DealsServiceDeps = { db: Db };

export function createDealsService({ db }: DealsServiceDeps) {
  /** A move of status only: the deal locked, the named transition checked. */
  const moveOnly = (
    dealId: number,
    apply: (tx: Db, deal: DealRecord) => Promise<Result<DealRecord, "illegal_transition", { from: string }>>,
  ): Promise<Result<DealRecord, MoveRefusal>> =>
    db.transaction(async (tx) => {
      const deal = await lockDeal(tx, dealId);
      if (!deal) return err("not_found");
      const moved = await apply(tx, deal);
      return moved.ok ? moved : err("illegal_transition");
    });

  return {
    create: (values: NewDeal, actor: DealActor) => db.transaction((tx) => createDeal(tx, values, actor)),
    find: async (dealId: number): Promise<DealRecord | null> =>
      (await db.select().from(deals).where(eq(deals.id, dealId)))[0] ?? null,
    balances: (dealId: number): Promise<Balances> => balancesOf(db, dealId),
    history: (dealId: number) =>
      db
        .select()
        .from(dealStatusChanges)
        .where(eq(dealStatusChanges.dealId, dealId))
        .orderBy(asc(dealStatusChanges.id)),

    pay: (dealId: number, payment: { key: string; amountMinor: number; shipBy: Date }, actor: DealActor) =>
      step(db, (tx) => payDeal(tx, dealId, payment, actor)),
    ship: (dealId: number, actor: DealActor, shipment: { trackingNumber: string; releaseAt: Date }) =>
      moveOnly(dealId, (tx, deal) =>
        markDealShipped(tx, deal, actor, shipment.trackingNumber, shipment.releaseAt),
      ),
    readyForPickup: (dealId: number, actor: DealActor, pickupBy: Date) =>
      moveOnly(dealId, (tx, deal) => markDealReadyForPickup(tx, deal, actor, pickupBy)),
    confirmDelivery: (dealId: number, actor: DealActor, releaseAt: Date) =>
      moveOnly(dealId, (tx, deal) => markDealDelivered(tx, deal, actor, releaseAt)),
    openDispute: (dealId: number, actor: DealActor) =>
      moveOnly(dealId, (tx, deal) => markDealDisputed(tx, deal, actor)),
    cancelUnpaid: (dealId: number, actor: DealActor) =>
      moveOnly(dealId, (tx, deal) => markDealUnpaid(tx, deal, actor)),

    release: (dealId: number, key: string, actor: DealActor) =>
      step(db, (tx) => releaseDeal(tx, dealId, key, actor)),
    resolve: (dealId: number, resolution: Resolution, key: string, actor: DealActor) =>
      step(db, (tx) => resolveDeal(tx, dealId, resolution, key, actor)),
    cancel: (dealId: number, key: string, actor: DealActor) =>
      step(db, (tx) => cancelDeal(tx, dealId, key, actor)),
    payOut: (dealId: number, amountMinor: number, key: string) =>
      step(db, (tx) => payOutDeal(tx, dealId, amountMinor, key)),
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
export type { StepRefusal };
