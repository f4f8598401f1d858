import { and, asc, eq, isNull } from "drizzle-orm";
import {
  dealReference,
  type MarketplaceMethod,
  type MarketplacePayments,
} from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok, type Result } from "#core/result.ts";
import { addWorkingDays } from "#core/time/working-days.ts";
import type { Db } from "#server/db/client.ts";
import { queueRefund } from "./provider-calls.ts";
import { payDeal, step } from "./settle.ts";
import { dealCharges } from "./tables/provider.ts";
import type { DealRecord } from "./tables.ts";
import { lockDeal } from "./transitions.ts";

/**
 * The buyer's payment (issue 35, item 3): a charge opened at the provider for the deal's total,
 * paid on the provider's page (card) or by a bank transfer, and applied to the deal only on the
 * provider's own word, read back from its API (a return URL or a webhook's body is never
 * trusted). Applying is idempotent per charge: the ledger's key is the charge's id.
 */

export type StartRefusal = "not_found" | "not_payable" | "unavailable";

/**
 * Opens (or finds again) the charge the buyer pays the deal with, and answers the provider's page
 * to send them to. The charge row with its idempotency key is written first, then the provider is
 * asked with that key, so a repeated click or a crash between the two reaches the same charge.
 */
export async function startCharge(
  db: Db,
  marketplace: MarketplacePayments,
  input: { dealId: number; buyerId: number; method: MarketplaceMethod; locale: Locale; dealUrl: string },
): Promise<Result<{ payUrl: string }, StartRefusal>> {
  const chosen = await db.transaction(async (tx) => {
    const deal = await lockDeal(tx, input.dealId);
    if (!deal || deal.buyerId !== input.buyerId) return err("not_found");
    if (deal.status !== "awaiting_payment") return err("not_payable");
    const attempts = await tx
      .select()
      .from(dealCharges)
      .where(eq(dealCharges.dealId, deal.id))
      .orderBy(asc(dealCharges.id));
    const open = attempts.find(
      (charge) =>
        charge.method === input.method && charge.endedAt === null && charge.amountMinor === deal.totalMinor,
    );
    if (open) return ok({ deal, charge: open });
    const [charge] = await tx
      .insert(dealCharges)
      .values({
        dealId: deal.id,
        provider: marketplace.provider,
        method: input.method,
        amountMinor: deal.totalMinor,
        idempotencyKey: `${dealReference(deal.id)}:charge:${attempts.length + 1}`,
      })
      .returning();
    return ok({ deal, charge });
  });
  if (!chosen.ok) return chosen;
  const { deal, charge } = chosen.value;
  if (charge.payUrl) return ok({ payUrl: charge.payUrl });
  const separator = input.dealUrl.includes("?") ? "&" : "?";
  const started = await marketplace.startCharge(
    {
      reference: dealReference(deal.id),
      amountMinor: charge.amountMinor,
      method: charge.method,
      description: `Rarita ${dealReference(deal.id)}`,
      successUrl: `${input.dealUrl}${separator}payment=returned`,
      cancelUrl: `${input.dealUrl}${separator}payment=cancelled`,
      locale: input.locale,
    },
    charge.idempotencyKey,
  );
  await db
    .update(dealCharges)
    .set({ chargeId: started.chargeId, payUrl: started.payUrl })
    .where(eq(dealCharges.id, charge.id));
  return ok({ payUrl: started.payUrl });
}

export type SyncOutcome = "paid" | "refunding" | "open" | "ended" | "unknown";

/**
 * Reads the charge's state at the provider and applies it: a paid charge pays the deal (once: the
 * ledger's key is the charge id), or, where the deal cannot take it (it ended, or another charge
 * paid it first), the payment goes back to the buyer through a refund call. A failed or expired
 * charge is marked ended, so that the next attempt opens a new one.
 */
export async function syncCharge(
  db: Db,
  marketplace: MarketplacePayments,
  chargeId: string,
  shipWorkingDays: number,
  now: Date,
  onPaid: (tx: Db, deal: DealRecord) => Promise<void>,
): Promise<SyncOutcome> {
  const [charge] = await db.select().from(dealCharges).where(eq(dealCharges.chargeId, chargeId));
  if (!charge) return "unknown";
  const state = await marketplace.charge(chargeId);
  if (!state) return "unknown";
  if (state.state === "open") return "open";
  if (state.state !== "paid") {
    await db
      .update(dealCharges)
      .set({ endedAt: now })
      .where(and(eq(dealCharges.id, charge.id), isNull(dealCharges.endedAt), isNull(dealCharges.paidAt)));
    return "ended";
  }
  return db.transaction(async (tx): Promise<SyncOutcome> => {
    const deal = await lockDeal(tx, charge.dealId);
    if (!deal) return "unknown";
    await tx
      .update(dealCharges)
      .set({ paymentId: state.paymentId, paidAt: charge.paidAt ?? now, endedAt: charge.endedAt ?? now })
      .where(eq(dealCharges.id, charge.id));
    const paid = await step(tx, (inner) =>
      payDeal(
        inner,
        deal.id,
        {
          key: `charge:${chargeId}`,
          amountMinor: state.amountMinor,
          shipBy: addWorkingDays(now, shipWorkingDays),
        },
        { actorId: null, reason: null, at: now },
      ),
    );
    if (paid.ok && !paid.value.refunded) {
      if (!paid.value.repeated) await onPaid(tx, paid.value.deal);
      return "paid";
    }
    // The deal ended before the money came (refunded in the ledger by payDeal), or it was paid
    // by another charge or for another amount (the ledger refuses it): the money goes back.
    if (!state.paymentId) return "unknown";
    await queueRefund(tx, deal, {
      paymentId: state.paymentId,
      amountMinor: state.amountMinor,
      key: `charge:${chargeId}:refund`,
    });
    return "refunding";
  });
}
