import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { post } from "./ledger.ts";
import { createDealsService, type DealsService } from "./service.ts";
import { ledgerEntries, ledgerPostings } from "./tables.ts";
import { dealParties, newDeal, withNewListing } from "./test-fixtures.ts";

/**
 * A deal on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): made once per request
 * key, moved only along its lifecycle, its money posted once per key, and a ledger the database
 * keeps balanced and append-only.
 */

let database: TestDatabase;
let deals: DealsService;
let parties: Awaited<ReturnType<typeof dealParties>>;
const at = new Date("2026-11-25T10:00:00Z");
const system = { actorId: null, at };
const later = new Date("2026-12-09T10:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  deals = createDealsService({ db: database.db });
  parties = await dealParties(database.db);
});
afterAll(() => database?.dispose());

/** The constraint a database error names (drizzle wraps the driver's error as its cause). */
async function constraintOf(promise: PromiseLike<unknown>): Promise<string | undefined> {
  const error = (await Promise.resolve(promise).then(
    () => null,
    (e: unknown) => e,
  )) as { constraint?: string; cause?: { constraint?: string } } | null;
  return error?.cause?.constraint ?? error?.constraint;
}

async function paidDeal() {
  const made = await deals.create(newDeal(await withNewListing(database.db, parties)), system);
  if (!made.ok) throw new Error(made.code);
  const id = made.value.deal.id;
  const paid = await deals.pay(id, { key: `charge-${id}`, amountMinor: 2_065_000, shipBy: later }, system);
  expect(paid.ok).toBe(true);
  return id;
}

describe("a deal", () => {
  it("is made once per request key; the key with other terms is refused", async () => {
    const values = newDeal(await withNewListing(database.db, parties));
    const first = await deals.create(values, system);
    const again = await deals.create(values, system);
    expect(first.ok && again.ok && again.value.deal.id === first.value.deal.id).toBe(true);
    expect(again.ok && again.value.created).toBe(false);
    expect(first.ok && first.value.deal.totalMinor).toBe(2_065_000);
    expect(await deals.create({ ...values, priceMinor: 1_999_999 }, system)).toMatchObject({
      code: "key_reused",
    });
  });

  it("holds its listing: another buyer's deal is refused until the first ends unpaid", async () => {
    const listing = await withNewListing(database.db, parties);
    const first = await deals.create(newDeal(listing, { source: "buy_now" }), system);
    const [other] = await insertBidders(database.db, 1);
    const second = newDeal({ ...listing, buyerId: other.user.id }, { source: "buy_now" });
    expect(await deals.create(second, system)).toMatchObject({ code: "taken" });
    expect(await deals.cancelUnpaid(first.ok ? first.value.deal.id : 0, system)).toMatchObject({ ok: true });
    expect(await deals.create(second, system)).toMatchObject({ ok: true, value: { created: true } });
  });

  it("goes paid, shipped, delivered and completed, the fees taken and the rest the seller's", async () => {
    const id = await paidDeal();
    expect(
      await deals.ship(id, { actorId: parties.sellerId, at }, { trackingNumber: "Z1", releaseAt: later }),
    ).toMatchObject({ ok: true, value: { status: "shipped", trackingNumber: "Z1" } });
    expect(await deals.confirmDelivery(id, { actorId: parties.buyerId, at }, later)).toMatchObject({
      ok: true,
    });
    expect(await deals.release(id, `release-${id}`, system)).toMatchObject({ ok: true });
    expect(await deals.balances(id)).toEqual({
      buyer: -2_065_000,
      held: 0,
      fees: 150_000,
      seller_payable: 1_915_000,
      paid_out: 0,
      refunded: 0,
    });
    const history = await deals.history(id);
    expect(history.map((h) => h.transition)).toEqual([
      "create",
      "pay",
      "ship",
      "confirm_delivery",
      "release",
    ]);
  });

  it("refuses a move the lifecycle does not allow, and a payout beyond the payable", async () => {
    const id = await paidDeal();
    expect(await deals.release(id, `release-${id}`, system)).toMatchObject({ code: "illegal_transition" });
    expect(await deals.payOut(id, 1, `payout-${id}`)).toMatchObject({ code: "not_settled" });
    await deals.ship(id, system, { trackingNumber: "Z2", releaseAt: later });
    await deals.release(id, `release-${id}`, system);
    expect(await deals.payOut(id, 1_915_001, `payout-${id}`)).toMatchObject({ code: "insufficient_funds" });
    expect(await deals.payOut(id, 1_915_000, `payout-${id}`)).toMatchObject({ ok: true });
    expect(await deals.payOut(id, 1_915_000, `payout-${id}`)).toMatchObject({ ok: true });
    expect((await deals.balances(id)).paid_out).toBe(1_915_000);
    expect(await deals.payOut(id, 1, `payout-${id}-again`)).toMatchObject({ code: "insufficient_funds" });
  });

  it("is paid once: the provider's repeated word changes nothing, another charge is refused", async () => {
    const id = await paidDeal();
    const repeat = await deals.pay(
      id,
      { key: `charge-${id}`, amountMinor: 2_065_000, shipBy: later },
      system,
    );
    expect(repeat).toMatchObject({ ok: true, value: { refunded: false } });
    const other = await deals.pay(id, { key: `other-${id}`, amountMinor: 2_065_000, shipBy: later }, system);
    expect(other).toMatchObject({ code: "already_paid" });
    expect((await deals.balances(id)).held).toBe(2_065_000);
  });

  it("refunds a payment that arrives after the deal ended unpaid", async () => {
    const made = await deals.create(newDeal(await withNewListing(database.db, parties)), system);
    const id = made.ok ? made.value.deal.id : 0;
    expect(await deals.cancelUnpaid(id, system)).toMatchObject({
      ok: true,
      value: { status: "cancelled_unpaid" },
    });
    const late = await deals.pay(id, { key: `late-${id}`, amountMinor: 2_065_000, shipBy: later }, system);
    expect(late).toMatchObject({ ok: true, value: { refunded: true, deal: { status: "cancelled_unpaid" } } });
    expect(await deals.balances(id)).toMatchObject({ held: 0, refunded: 2_065_000 });
  });

  it("is cancelled before shipping with everything held refunded", async () => {
    const id = await paidDeal();
    expect(await deals.cancel(id, `cancel-${id}`, system)).toMatchObject({
      ok: true,
      value: { status: "cancelled" },
    });
    expect(await deals.balances(id)).toMatchObject({ held: 0, refunded: 2_065_000, fees: 0 });
  });

  it("resolves a dispute with a partial refund, the rest settled", async () => {
    const id = await paidDeal();
    await deals.readyForPickup(id, system, at);
    expect(await deals.openDispute(id, { actorId: parties.buyerId, at })).toMatchObject({ ok: true });
    const resolution = { kind: "partial_refund", refundMinor: 3_000_000 } as const;
    expect(await deals.resolve(id, resolution, `resolve-${id}`, system)).toMatchObject({
      code: "invalid_amount",
    });
    expect((await deals.find(id))?.status).toBe("disputed");
    const partial = { kind: "partial_refund", refundMinor: 500_000 } as const;
    expect(await deals.resolve(id, partial, `resolve-${id}`, system)).toMatchObject({
      ok: true,
      value: { status: "partially_refunded" },
    });
    expect(await deals.balances(id)).toEqual({
      buyer: -2_065_000,
      held: 0,
      fees: 150_000,
      seller_payable: 1_415_000,
      paid_out: 0,
      refunded: 500_000,
    });
  });
});

describe("the ledger in the database", () => {
  it("refuses a posting whose entries do not sum to zero, at commit", async () => {
    const id = await paidDeal();
    const unbalanced = database.db.transaction(async (tx) => {
      const [posting] = await tx
        .insert(ledgerPostings)
        .values({ dealId: id, movement: "take_fee", amountMinor: 10, idempotencyKey: `bad-${id}` })
        .returning();
      await tx.insert(ledgerEntries).values([
        { postingId: posting.id, dealId: id, account: "held", amountMinor: -10 },
        { postingId: posting.id, dealId: id, account: "fees", amountMinor: 9 },
      ]);
    });
    expect(await constraintOf(unbalanced)).toBe("ledger_posting_balanced");
    const lonely = database.db.insert(ledgerPostings).values({
      dealId: id,
      movement: "take_fee",
      amountMinor: 10,
      idempotencyKey: `lonely-${id}`,
    });
    expect(await constraintOf(lonely)).toBe("ledger_posting_balanced");
    expect((await deals.balances(id)).fees).toBe(0);
  });

  it("is append-only", async () => {
    const id = await paidDeal();
    expect(
      await constraintOf(
        database.db.execute(sql`update ledger_entries set amount_minor = 1 where deal_id = ${id}`),
      ),
    ).toBe("ledger_append_only");
    expect(
      await constraintOf(database.db.execute(sql`delete from ledger_postings where deal_id = ${id}`)),
    ).toBe("ledger_append_only");
  });

  it("answers a repeated key with the first posting and refuses the key for another movement", async () => {
    const id = await paidDeal();
    const fee = await database.db.transaction((tx) =>
      post(tx, id, { kind: "take_fee", amountMinor: 100 }, `fee-${id}`),
    );
    const again = await database.db.transaction((tx) =>
      post(tx, id, { kind: "take_fee", amountMinor: 100 }, `fee-${id}`),
    );
    expect(again).toMatchObject({ ok: true, value: { repeated: true } });
    expect(fee.ok && again.ok && again.value.posting.id === fee.value.posting.id).toBe(true);
    const other = await database.db.transaction((tx) =>
      post(tx, id, { kind: "refund", amountMinor: 100 }, `fee-${id}`),
    );
    expect(other).toMatchObject({ code: "key_reused" });
    expect(
      await database.db.transaction((tx) => post(tx, id, { kind: "refund", amountMinor: 0 }, `z-${id}`)),
    ).toMatchObject({ code: "invalid_amount" });
  });
});
