import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { openCharge, payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { auditLog } from "../admin/tables.ts";
import { AUCTION_DEAL_QUEUE, PROVIDER_CALLS_QUEUE } from "../deals/flow.ts";
import { balancesOf } from "../deals/ledger.ts";
import { dealProviderCalls } from "../deals/tables/provider.ts";
import { deals as dealsTable } from "../deals/tables.ts";
import { RECONCILE_QUEUE } from "../held-money/index.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { buyerStrikes } from "../unpaid-wins/tables.ts";

/**
 * The operator's side of deals (issue 35, items 4 and 9; ADR 0076) through the admin API, on the
 * honest in-memory provider: the overdue first, a cancel that refunds what is held (the ledger
 * balanced, the audit written), retries of the provider's calls, and the held money's check.
 */

let api: TestApi;
let provider: MarketplaceDouble;
const terms = new Map<number, DeliveryOption[]>();
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];
let support: string;

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi(
    {},
    {
      marketplace: provider.port,
      dealTerms: {
        termsOf: async (id) =>
          terms.has(id) ? { paysThroughSite: true, deliveryOptions: terms.get(id) ?? [] } : null,
      },
    },
  );
  await insertAuctionSettings(api.db, 0);
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, buyer] = await insertBidders(api.db, 2);
  ({ token: support } = await api.createUser({ role: "support" }));
});
afterAll(() => api?.close());

/** A won auction's deal, awaiting payment. */
async function deal(
  priceMinor = 100_000,
  options: DeliveryOption[] = [{ carrier: "zasilkovna", priceMinor: 8_900 }],
) {
  const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: priceMinor });
  terms.set(auction.id, options);
  const bid = await api.services.bidding.placeBid({
    productId: auction.id,
    bidder: { id: buyer.user.id, emailConfirmed: true, adultConfirmed: true },
    amountMinor: priceMinor,
  });
  expect(bid.ok).toBe(true);
  await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
  await api.services.bidding.closeAuction(auction.id);
  await api.jobs.runPending(AUCTION_DEAL_QUEUE);
  const [row] = await api.db.select().from(dealsTable).where(eq(dealsTable.productId, auction.id));
  return row;
}

/** Opens the buyer's charge at the provider; `settle` pays it there. */
const charge = (dealId: number) => openCharge(api, dealId, buyer.user.id);

async function paid(priceMinor = 100_000, options?: DeliveryOption[]) {
  const row = await deal(priceMinor, options);
  await payByCard(api, provider, row.id, buyer.user.id);
  return row;
}

const past = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe("the deals list", () => {
  it("puts the overdue first (unpaid past pay-by, unsent past ship-by) and finds a party by e-mail", async () => {
    const fresh = await deal();
    const unpaid = await deal();
    const unsent = await paid();
    await api.db
      .update(dealsTable)
      .set({ payBy: past(2) })
      .where(eq(dealsTable.id, unpaid.id));
    await api.db
      .update(dealsTable)
      .set({ shipBy: past(5) })
      .where(eq(dealsTable.id, unsent.id));
    const list = await api.call("GET", "/api/admin/deals", { token: support });
    expect(list.status).toBe(200);
    const ids = list.json.rows.map((row: { id: number }) => row.id);
    expect(ids.slice(0, 2)).toEqual([unsent.id, unpaid.id]);
    expect(list.json.rows[0]).toMatchObject({ overdue: true, status: "paid" });
    expect(list.json.rows.find((row: { id: number }) => row.id === fresh.id).overdue).toBe(false);

    // A pickup ready and not collected by its deadline is overdue too, and counted on the dashboard.
    const uncollected = await paid(100_000, [{ carrier: "pickup", town: "Brno" }]);
    expect((await api.services.deals.readyForPickup(uncollected.id, seller.user.id)).ok).toBe(true);
    await api.db
      .update(dealsTable)
      .set({ pickupBy: past(9) })
      .where(eq(dealsTable.id, uncollected.id));
    const withPickup = await api.call("GET", "/api/admin/deals", { token: support });
    expect(withPickup.json.rows[0]).toMatchObject({
      id: uncollected.id,
      overdue: true,
      status: "ready_for_pickup",
    });
    const dashboard = await api.services.dashboard.forScopes(["deals"]);
    expect(dashboard.queues.find((queue) => queue.key === "dealsOverdue")).toMatchObject({ count: 3 });

    const byEmail = await api.call(
      "GET",
      `/api/admin/deals?q=${encodeURIComponent(buyer.user.email)}&status=paid`,
      {
        token: support,
      },
    );
    expect(byEmail.json.rows.map((row: { id: number }) => row.id)).toEqual([unsent.id]);
    const byNumber = await api.call("GET", `/api/admin/deals?q=%23${fresh.id}`, { token: support });
    expect(byNumber.json.rows.map((row: { id: number }) => row.id)).toEqual([fresh.id]);
    // Put back, so the other tests' figures are not about these.
    await api.db
      .update(dealsTable)
      .set({ payBy: past(-48) })
      .where(eq(dealsTable.id, unpaid.id));
    await api.db
      .update(dealsTable)
      .set({ shipBy: past(-48) })
      .where(eq(dealsTable.id, unsent.id));
  });
});

describe("cancelling a deal", () => {
  it("refunds what is held, balances the ledger, tells both sides and audits who and why", async () => {
    const row = await paid();
    const cancelled = await api.call("POST", `/api/admin/deals/${row.id}/cancel`, {
      token: support,
      body: { reason: "The seller cannot find the bottle" },
    });
    expect(cancelled.status).toBe(200);
    const balances = await balancesOf(api.db, row.id);
    expect(balances).toMatchObject({ held: 0, refunded: row.totalMinor });
    expect(Object.values(balances).reduce((sum, value) => sum + value, 0)).toBe(0);
    const [refund] = await api.db
      .select()
      .from(dealProviderCalls)
      .where(eq(dealProviderCalls.dealId, row.id));
    expect(refund).toMatchObject({ kind: "refund", amountMinor: row.totalMinor });
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.cancel"), eq(auditLog.entityId, String(row.id))));
    expect(audit.data).toMatchObject({ from: "paid", reason: "The seller cannot find the bottle" });

    const detail = await api.call("GET", `/api/admin/deals/${row.id}`, { token: support });
    expect(detail.json).toMatchObject({ deal: { status: "cancelled" }, canCancel: false });
    expect(detail.json.history.at(-1)).toMatchObject({
      transition: "cancel",
      reason: "The seller cannot find the bottle",
    });

    // The refund was decided; the retry makes it now, once.
    const before = provider.refunds.length;
    const retried = await api.call("POST", `/api/admin/deals/${row.id}/retry-calls`, { token: support });
    expect(retried.json).toEqual({ done: 1, refused: 0, failed: 0 });
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    expect(provider.refunds.length).toBe(before + 1);
    const again = await api.call("POST", `/api/admin/deals/${row.id}/cancel`, {
      token: support,
      body: { reason: "twice" },
    });
    expect(again.status).toBe(409);
  });

  it("wants a reason, answers 404 for an unknown deal and 403 without the deals scope", async () => {
    const row = await deal();
    const noReason = await api.call("POST", `/api/admin/deals/${row.id}/cancel`, {
      token: support,
      body: { reason: " " },
    });
    expect(noReason.status).toBe(422);
    expect(
      (await api.call("POST", "/api/admin/deals/999999/cancel", { token: support, body: { reason: "gone" } }))
        .status,
    ).toBe(404);
    expect((await api.call("GET", "/api/admin/deals/999999", { token: support })).status).toBe(404);
    const { token: moderator } = await api.createUser({ role: "moderator" });
    const refused = await api.call("POST", `/api/admin/deals/${row.id}/cancel`, {
      token: moderator,
      body: { reason: "not mine to do" },
    });
    expect(refused.status).toBe(403);
    expect((await api.call("GET", "/api/admin/deals", { token: moderator })).status).toBe(403);
    const [still] = await api.db.select().from(dealsTable).where(eq(dealsTable.id, row.id));
    expect(still.status).toBe("awaiting_payment");
  });
});

describe("retrying the provider's calls", () => {
  it("keeps a refused call pending with the provider's code and counts it on the dashboard", async () => {
    const row = await paid();
    await api.db.insert(dealProviderCalls).values({
      dealId: row.id,
      kind: "refund",
      amountMinor: 500,
      idempotencyKey: `test:${row.id}:refused`,
      target: "pi_unknown",
    });
    const retried = await api.call("POST", `/api/admin/deals/${row.id}/retry-calls`, { token: support });
    expect(retried.json).toEqual({ done: 0, refused: 1, failed: 0 });
    const detail = await api.call("GET", `/api/admin/deals/${row.id}`, { token: support });
    expect(detail.json.calls[0]).toMatchObject({
      state: "refused",
      lastError: "amount_too_large",
      attempts: 1,
    });
    const payouts = await api.call("GET", "/api/admin/deals/payouts?state=refused", { token: support });
    expect(payouts.json.rows[0]).toMatchObject({ dealId: row.id, state: "refused" });
    const dashboard = await api.services.dashboard.forScopes(["deals"]);
    expect(dashboard.queues.find((queue) => queue.key === "dealCallsRefused")?.count).toBe(1);
    // Out of the way of the held money's check below: the refusal is the test's own.
    await api.db
      .delete(dealProviderCalls)
      .where(eq(dealProviderCalls.idempotencyKey, `test:${row.id}:refused`));
  });
});

describe("the held money's check", () => {
  it("stores a difference of 0 when the provider holds what the records say", async () => {
    const checked = await api.call("POST", "/api/admin/deals/reconciliations", { token: support });
    expect(checked.status).toBe(201);
    expect(checked.json.differenceMinor).toBe(0);
    expect(checked.json.providerMinor).toBe(provider.balance());
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.reconcile"), eq(auditLog.entityId, String(checked.json.id))));
    expect(audit.data).toEqual({ differenceMinor: 0 });
    const dashboard = await api.services.dashboard.forScopes(["deals"]);
    expect(dashboard.queues.find((queue) => queue.key === "dealsBalanceMismatch")).toMatchObject({
      count: 0,
    });
  });

  it("stores a mismatch and shows it on the dashboard when the provider's balance differs", async () => {
    const row = await deal(70_000);
    // Paid at the provider, and its word not applied yet: the provider holds more.
    provider.settle(await charge(row.id));
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    // The daily job's queue, as its cron sends it.
    await api.jobs.send(RECONCILE_QUEUE, {});
    await api.jobs.runPending(RECONCILE_QUEUE);
    const history = await api.call("GET", "/api/admin/deals/reconciliations", { token: support });
    expect(history.json.configured).toBe(true);
    expect(history.json.history[0]).toMatchObject({ differenceMinor: row.totalMinor, requestedBy: null });
    expect(history.json.history[1]).toMatchObject({ differenceMinor: 0 });
    const dashboard = await api.services.dashboard.forScopes(["deals"]);
    expect(dashboard.queues.find((queue) => queue.key === "dealsBalanceMismatch")).toMatchObject({
      count: 1,
      amountMinor: row.totalMinor,
    });
    const editorView = await api.services.dashboard.forScopes(["content"]);
    expect(editorView.queues.some((queue) => queue.key.startsWith("deal"))).toBe(false);
  });
});

describe("without a payment provider", () => {
  it("says so and checks nothing", async () => {
    const bare = await createTestApi();
    try {
      const { token } = await bare.createUser({ role: "admin" });
      const list = await bare.call("GET", "/api/admin/deals/reconciliations", { token });
      expect(list.json).toEqual({ configured: false, history: [] });
      expect((await bare.call("POST", "/api/admin/deals/reconciliations", { token })).status).toBe(409);
    } finally {
      await bare.close();
    }
  });
});

describe("the operator's review of a suspended buyer", () => {
  it("keeps or lifts the suspension with a statement of reasons the buyer receives, audited", async () => {
    const [late] = await insertBidders(api.db, 1);
    const unpaid = [await deal(), await deal()];
    // Two won auctions left unpaid: two strikes (what the payment deadline records).
    await api.db.insert(buyerStrikes).values(unpaid.map((one) => ({ userId: late.user.id, dealId: one.id })));
    expect(await api.services.unpaidWins.biddingSuspended(late.user.id)).toBe(true);
    const row = (await api.services.unpaidWinsAdmin.strikes("cs")).find(
      (one) => one.user.id === late.user.id,
    );
    expect(row).toMatchObject({ counting: 2, suspended: true, review: null });
    expect(row?.strikes.map((strike) => strike.dealId).sort()).toEqual(unpaid.map((one) => one.id).sort());
    expect(await api.services.unpaidWinsAdmin.strikesToReview()).toBeGreaterThanOrEqual(1);

    const [operator] = await insertBidders(api.db, 1);
    const actor = { actorId: operator.user.id, ip: null };
    const kept = {
      outcome: "kept" as const,
      facts: "Obě vydražené položky zůstaly nezaplacené bez ozvání se prodávajícímu.",
      grounds: "Obchodní podmínky, Poctivé obchodování: vydražená položka se musí zaplatit.",
    };
    expect(
      await api.services.unpaidWinsAdmin.reviewStrikes(late.user.id, { ...kept, facts: "krátce" }, actor),
    ).toMatchObject({
      code: "invalid",
    });
    expect((await api.services.unpaidWinsAdmin.reviewStrikes(late.user.id, kept, actor)).ok).toBe(true);
    expect(await api.services.unpaidWins.biddingSuspended(late.user.id)).toBe(true);
    const lifted = {
      outcome: "lifted" as const,
      facts: "Kupující doložil hospitalizaci v době obou lhůt k zaplacení.",
      grounds: "Obchodní podmínky, Poctivé obchodování: vyšší moc omlouvá nezaplacení.",
    };
    expect((await api.services.unpaidWinsAdmin.reviewStrikes(late.user.id, lifted, actor)).ok).toBe(true);
    expect(await api.services.unpaidWins.biddingSuspended(late.user.id)).toBe(false);
    // Nothing left to review.
    expect(await api.services.unpaidWinsAdmin.reviewStrikes(late.user.id, kept, actor)).toMatchObject({
      code: "not_suspended",
    });
    const after = (await api.services.unpaidWinsAdmin.strikes("cs")).find(
      (one) => one.user.id === late.user.id,
    );
    expect(after).toMatchObject({ counting: 0, suspended: false, review: { outcome: "lifted" } });

    // The buyer got both statements, each with its facts and grounds; the audit has both.
    const notices = await api.db.select().from(systemMessages);
    const reviews = notices.filter(
      (notice) =>
        notice.event === "bidding_suspended" && String(notice.payload?.variant).startsWith("review_"),
    );
    expect(reviews.map((notice) => notice.payload?.variant)).toEqual(["review_kept", "review_lifted"]);
    expect(reviews[0].body).toContain(kept.facts);
    expect(reviews[1].body).toContain(lifted.grounds);
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.strike_review"), eq(auditLog.entityId, String(late.user.id))));
    expect(audits).toHaveLength(2);
  });
});
