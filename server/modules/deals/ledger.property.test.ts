import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DealStatus, dealLifecycle } from "#core/lifecycles/deal.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import type { Balances } from "./contracts.ts";
import { createDealsService, type DealsService } from "./service.ts";
import { ledgerPostings } from "./tables.ts";
import { dealParties, newDeal, withNewListing } from "./test-fixtures.ts";

/**
 * Random sequences of a deal's steps (legal or not, amounts right or wrong, idempotency keys
 * repeated) run against the real service on a real database; after every step the ledger and the
 * status must still hold: every posting and the deal sum to zero, nothing held or payable goes
 * below zero, the buyer pays once, refunds and payouts never exceed what came in, and the status
 * moves only along the lifecycle.
 */

let database: TestDatabase;
let deals: DealsService;
let parties: Awaited<ReturnType<typeof dealParties>>;
const at = new Date("2026-11-25T10:00:00Z");
const later = new Date("2026-12-09T10:00:00Z");
const system = { actorId: null, at };
const TOTAL = 2_065_000;

beforeAll(async () => {
  database = await openTestDatabase();
  deals = createDealsService({ db: database.db });
  parties = await dealParties(database.db);
});
afterAll(() => database?.dispose());

/** A few keys, so that steps repeat each other's. */
const key = fc.constantFrom("a", "b", "c");
const amount = fc.oneof(
  { arbitrary: fc.constant(TOTAL), weight: 4 },
  { arbitrary: fc.integer({ min: -10, max: TOTAL + 10 }), weight: 1 },
);
const refund = fc.oneof(fc.integer({ min: 1, max: TOTAL - 1 }), fc.constantFrom(0, TOTAL, TOTAL + 1));
/** Whole payables (1 915 000 after a release), parts of them, and amounts beyond. */
const payout = fc.oneof(fc.constantFrom(1_915_000, 1_000_000, 915_000), fc.integer({ min: -1, max: TOTAL }));

const steps = fc.oneof(
  { arbitrary: fc.record({ step: fc.constant("pay" as const), key, amount }), weight: 3 },
  { arbitrary: fc.record({ step: fc.constant("ship" as const) }), weight: 3 },
  { arbitrary: fc.record({ step: fc.constant("ready_for_pickup" as const) }), weight: 1 },
  { arbitrary: fc.record({ step: fc.constant("confirm_delivery" as const) }), weight: 2 },
  { arbitrary: fc.record({ step: fc.constant("release" as const), key }), weight: 2 },
  { arbitrary: fc.record({ step: fc.constant("open_dispute" as const) }), weight: 2 },
  {
    arbitrary: fc.record({
      step: fc.constant("resolve" as const),
      key,
      kind: fc.constantFrom("release" as const, "refund" as const, "partial_refund" as const),
      amount: refund,
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ step: fc.constant("cancel_unpaid" as const) }), weight: 1 },
  { arbitrary: fc.record({ step: fc.constant("cancel" as const), key }), weight: 1 },
  { arbitrary: fc.record({ step: fc.constant("pay_out" as const), key, amount: payout }), weight: 3 },
);
/** Most runs start with the right payment, so that the later steps (shipping, disputes, payouts) are reached. */
const paidFirst = fc.oneof(
  { arbitrary: fc.constant([{ step: "pay" as const, key: "a" as const, amount: TOTAL }]), weight: 4 },
  { arbitrary: fc.constant([]), weight: 1 },
);

type Step = typeof steps extends fc.Arbitrary<infer T> ? T : never;

async function run(dealId: number, s: Step): Promise<unknown> {
  const k = `${dealId}-${s.step}-${"key" in s ? s.key : ""}`;
  switch (s.step) {
    case "pay":
      return deals.pay(
        dealId,
        { key: `${dealId}-pay-${s.key}`, amountMinor: s.amount, shipBy: later },
        system,
      );
    case "ship":
      return deals.ship(dealId, system, { trackingNumber: "Z", releaseAt: later });
    case "ready_for_pickup":
      return deals.readyForPickup(dealId, system, later);
    case "confirm_delivery":
      return deals.confirmDelivery(dealId, system, later);
    case "release":
      return deals.release(dealId, k, system);
    case "open_dispute":
      return deals.openDispute(dealId, system);
    case "resolve": {
      const resolution =
        s.kind === "partial_refund" ? { kind: s.kind, refundMinor: s.amount } : { kind: s.kind };
      return deals.resolve(dealId, resolution, k, system);
    }
    case "cancel_unpaid":
      return deals.cancelUnpaid(dealId, system);
    case "cancel":
      return deals.cancel(dealId, k, system);
    case "pay_out":
      return deals.payOut(dealId, s.amount, `${dealId}-payout-${s.key}`);
  }
}

async function unbalancedPostings(dealId: number): Promise<number> {
  const result = await database.db.execute(sql`
    select count(*)::int as n from (
      select posting_id from ledger_entries where deal_id = ${dealId}
      group by posting_id having sum(amount_minor) <> 0) unbalanced`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

async function postedSums(dealId: number): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ movement: ledgerPostings.movement, amount: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.dealId, dealId));
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.movement] = (sums[row.movement] ?? 0) + row.amount;
  return sums;
}

function checkBalances(b: Balances, status: DealStatus): void {
  expect(Object.values(b).reduce((sum, value) => sum + value, 0)).toBe(0);
  expect(b.held).toBeGreaterThanOrEqual(0);
  expect(b.seller_payable).toBeGreaterThanOrEqual(0);
  expect(b.fees).toBeGreaterThanOrEqual(0);
  expect(b.paid_out).toBeGreaterThanOrEqual(0);
  // Paid once, for the exact total; nothing refunded or paid out beyond it.
  expect([0, -TOTAL]).toContain(b.buyer);
  expect(b.refunded).toBeLessThanOrEqual(-b.buyer);
  expect(b.paid_out + b.refunded + b.fees).toBeLessThanOrEqual(-b.buyer);
  // A deal that ended holds nothing; one still under way has paid out nothing.
  if (dealLifecycle.isFinal(status)) expect(b.held).toBe(0);
  else expect(b.paid_out + b.seller_payable + b.fees + b.refunded).toBe(0);
}

describe("a deal's ledger under random steps", () => {
  it("stays balanced, never negative, paid once and moved only along the lifecycle", async () => {
    await fc.assert(
      fc.asyncProperty(paidFirst, fc.array(steps, { minLength: 1, maxLength: 16 }), async (first, rest) => {
        const sequence = [...first, ...rest];
        const made = await deals.create(newDeal(await withNewListing(database.db, parties)), system);
        if (!made.ok) throw new Error(made.code);
        const dealId = made.value.deal.id;
        let status: DealStatus = made.value.deal.status;
        for (const s of sequence) {
          const before = await deals.balances(dealId);
          const answer = (await run(dealId, s)) as { ok: boolean };
          const deal = await deals.find(dealId);
          if (!deal) throw new Error("deal lost");
          if (deal.status !== status) expect(dealLifecycle.canTransition(status, deal.status)).toBe(true);
          const after = await deals.balances(dealId);
          // A refused step changes nothing: neither the status nor the money.
          if (!answer.ok) {
            expect(deal.status).toBe(status);
            expect(after).toEqual(before);
          }
          checkBalances(after, deal.status);
          status = deal.status;
        }
        expect(await unbalancedPostings(dealId)).toBe(0);
        const posted = await postedSums(dealId);
        expect(posted.pay ?? 0).toBeLessThanOrEqual(TOTAL);
        expect(posted.pay_out ?? 0).toBeLessThanOrEqual(posted.credit_seller ?? 0);
        const history = await deals.history(dealId);
        for (const change of history.slice(1))
          expect(dealLifecycle.canTransition(change.fromStatus as DealStatus, change.toStatus)).toBe(true);
        expect(history.at(-1)?.toStatus).toBe(status);
        console.log("FINAL", status, JSON.stringify(await deals.balances(dealId)));
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
