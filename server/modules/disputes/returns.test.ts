import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import type { TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import type { MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { PROVIDER_CALLS_QUEUE } from "../deals/flow.ts";
import { balancesOf } from "../deals/ledger.ts";
import { dealProviderCalls } from "../deals/tables/provider.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { RETURN_DEADLINE_QUEUE, RETURN_SWEEP_QUEUE } from "./returns.ts";
import { dealDisputeMessages, dealDisputes } from "./tables.ts";
import { disputesTestApi, shippedDeal as makeShippedDeal } from "./test-fixtures.ts";

/**
 * A return for a full refund in a dispute (issue 35, item 6; ADR 0077, "Amendment: returns"):
 * agreed between the sides or ordered by the operator, the buyer sends the item back with its
 * tracking number, the seller confirms and the buyer is refunded in full once; not sent in time,
 * the dispute goes back to the operator; not confirmed in time, the refund happens anyway.
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];
let stranger: Awaited<ReturnType<typeof insertBidders>>[number];
let operatorId: number;

beforeAll(async () => {
  ({ api, provider } = await disputesTestApi());
  [seller, buyer, stranger] = await insertBidders(api.db, 3);
  const [operator] = await insertBidders(api.db, 1);
  operatorId = operator.user.id;
});
afterAll(() => api?.close());

const disputes = () => api.services.disputes;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOTAL = 116_000;
const statement = {
  facts: "Láhev dorazila s jinou etiketou, než byla na fotografiích v inzerátu.",
  grounds: "Obchodní podmínky, Poctivé obchodování: zboží musí odpovídat popisu; vrací se za plnou cenu.",
};

/** A deal of 1 000 Kč + DPD 100 Kč + protection 60 Kč, shipped and disputed by the buyer. */
async function disputedDeal() {
  const deal = await makeShippedDeal({ api, provider }, seller, buyer);
  const text = "Etiketa je jiná než na fotografiích v inzerátu.";
  expect((await disputes().open(deal.id, buyer.user.id, { reason: "not_as_described", text })).ok).toBe(true);
  return deal;
}

const disputeOf = async (dealId: number) =>
  (await api.db.select().from(dealDisputes).where(eq(dealDisputes.dealId, dealId)))[0];

/** The dispute's waiting return jobs of `kind`, by when they start. */
async function jobsOf(dealId: number, kind: string) {
  const result = await api.db.execute(
    sql`select start_after from pgboss.job where name = ${RETURN_DEADLINE_QUEUE} and state = 'created'
          and data->>'kind' = ${kind} and (data->>'dealId')::int = ${dealId}`,
  );
  return rowsOf<{ start_after: string }>(result).map((row) => new Date(row.start_after));
}

/** The time comes: the dispute's waiting jobs of `kind` are due now, and the queue runs. */
async function timeComes(dealId: number, kind: string) {
  await api.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${RETURN_DEADLINE_QUEUE}
          and state = 'created' and data->>'kind' = ${kind} and (data->>'dealId')::int = ${dealId}`,
  );
  await api.jobs.runPending(RETURN_DEADLINE_QUEUE);
}

const variantsOf = async (dealId: number) =>
  (await api.db.select().from(systemMessages).where(eq(systemMessages.event, "deal_dispute")))
    .filter((notice) => (notice.payload as { dealId?: number } | null)?.dealId === dealId)
    .map((notice) => (notice.payload as { variant?: string }).variant);

const refundCalls = (dealId: number) =>
  api.db
    .select()
    .from(dealProviderCalls)
    .where(and(eq(dealProviderCalls.dealId, dealId), eq(dealProviderCalls.kind, "refund")));

describe("a return agreed between the sides", () => {
  it("is shipped by the buyer, confirmed by the seller and refunded in full once", async () => {
    const deal = await disputedDeal();
    // Only a side proposes it, and only the other side accepts it.
    expect(await disputes().proposeReturn(deal.id, stranger.user.id)).toMatchObject({ code: "not_found" });
    expect((await disputes().proposeReturn(deal.id, seller.user.id)).ok).toBe(true);
    expect((await disputes().view(deal.id))?.proposal).toEqual({
      refundMinor: TOTAL,
      by: "seller",
      return: true,
    });
    expect(await disputes().accept(deal.id, seller.user.id)).toMatchObject({ code: "no_proposal" });
    const before = Date.now();
    expect((await disputes().accept(deal.id, buyer.user.id)).ok).toBe(true);

    // Returning: the money stays held, the deal disputed; the buyer has 7 days and a reminder before.
    const returning = await disputeOf(deal.id);
    expect(returning).toMatchObject({
      status: "returning",
      proposedRefundMinor: null,
      returnShippedAt: null,
    });
    const returnBy = returning.returnBy?.getTime() ?? 0;
    expect(returnBy - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(returnBy - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(await jobsOf(deal.id, "ship")).toEqual([returning.returnBy]);
    expect(await jobsOf(deal.id, "ship_reminder")).toEqual([new Date(returnBy - DAY_MS)]);
    expect((await api.services.deals.page(deal.id, buyer.user.id, "cs"))?.status).toBe("disputed");
    // The operator's queue lists it as returning (a carrier's deal: no pickup wording).
    expect((await disputes().queue("cs")).find((row) => row.dealId === deal.id)).toMatchObject({
      status: "returning",
      pickup: false,
    });
    expect(await balancesOf(api.db, deal.id)).toMatchObject({ held: TOTAL });
    expect((await variantsOf(deal.id)).filter((v) => v?.startsWith("return_"))).toEqual([
      "return_started_buyer",
      "return_started_seller",
    ]);
    // Neither a new proposal nor the operator while the item is on its way.
    expect(await disputes().propose(deal.id, buyer.user.id, 10_000)).toMatchObject({
      code: "illegal_transition",
    });
    expect(await disputes().escalate(deal.id, buyer.user.id)).toMatchObject({ code: "illegal_transition" });

    // The seller cannot confirm what was not sent; only the buyer sends it, with a real number.
    expect(await disputes().confirmReturn(deal.id, seller.user.id)).toMatchObject({
      code: "illegal_transition",
    });
    const parcel = { carrier: "ppl", trackingNumber: "PPL 4455 6677" };
    expect(await disputes().shipReturn(deal.id, seller.user.id, parcel)).toMatchObject({ code: "not_found" });
    expect(await disputes().shipReturn(deal.id, stranger.user.id, parcel)).toMatchObject({
      code: "not_found",
    });
    expect(
      await disputes().shipReturn(deal.id, buyer.user.id, { ...parcel, trackingNumber: "<x>" }),
    ).toMatchObject({ code: "invalid" });
    expect(
      await disputes().shipReturn(deal.id, buyer.user.id, { ...parcel, carrier: "pickup" }),
    ).toMatchObject({
      code: "invalid",
    });
    expect((await disputes().shipReturn(deal.id, buyer.user.id, parcel)).ok).toBe(true);
    expect(await disputes().shipReturn(deal.id, buyer.user.id, parcel)).toMatchObject({
      code: "illegal_transition",
    });
    const view = await disputes().view(deal.id);
    expect(view?.return).toMatchObject({ carrier: "ppl", trackingNumber: "PPL 4455 6677" });
    expect(view?.return?.trackingUrl).toContain("ppl.cz");
    expect(await jobsOf(deal.id, "confirm")).toHaveLength(1);
    expect(await variantsOf(deal.id)).toContain("return_shipped_seller");
    // A reminder after the shipment says nothing.
    await timeComes(deal.id, "ship_reminder");
    expect(await variantsOf(deal.id)).not.toContain("return_reminder_buyer");

    // Only the seller confirms, once; the buyer is refunded in full, the fee returned too.
    expect(await disputes().confirmReturn(deal.id, buyer.user.id)).toMatchObject({ code: "not_found" });
    expect(await disputes().confirmReturn(deal.id, stranger.user.id)).toMatchObject({ code: "not_found" });
    expect((await disputes().confirmReturn(deal.id, seller.user.id)).ok).toBe(true);
    expect(await disputes().confirmReturn(deal.id, seller.user.id)).toMatchObject({
      code: "illegal_transition",
    });
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    expect(await disputeOf(deal.id)).toMatchObject({
      status: "resolved",
      outcome: "refund",
      refundMinor: TOTAL,
    });
    expect((await api.services.deals.page(deal.id, buyer.user.id, "cs"))?.status).toBe("refunded");
    expect(await balancesOf(api.db, deal.id)).toMatchObject({
      held: 0,
      refunded: TOTAL,
      fees: 0,
      seller_payable: 0,
    });
    const calls = await refundCalls(deal.id);
    expect(calls.map((call) => call.amountMinor)).toEqual([TOTAL]);
    expect(provider.refunds.filter((refund) => refund.paymentId === calls[0].target)).toHaveLength(1);
    expect(await variantsOf(deal.id)).toEqual(
      expect.arrayContaining(["return_refunded_buyer", "return_refunded_seller"]),
    );
    // The seller's confirm deadline finds it resolved and leaves it.
    await timeComes(deal.id, "confirm");
    expect(await refundCalls(deal.id)).toHaveLength(1);
  });
});

describe("a return ordered by the operator", () => {
  it("is a decision with reasons; refunded without the seller after the confirm days", async () => {
    const deal = await disputedDeal();
    expect(
      await disputes().decide(
        deal.id,
        { actorId: operatorId },
        { refundMinor: 0, ...statement, returnItem: true },
      ),
    ).toMatchObject({ code: "illegal_transition" });
    await disputes().moveAnswerDeadline(deal.id, new Date(Date.now() - 1000));
    expect((await disputes().escalate(deal.id, seller.user.id)).ok).toBe(true);
    expect(
      (
        await disputes().decide(
          deal.id,
          { actorId: operatorId },
          { refundMinor: 0, ...statement, returnItem: true },
        )
      ).ok,
    ).toBe(true);
    expect(await disputeOf(deal.id)).toMatchObject({
      status: "returning",
      decidedBy: operatorId,
      decisionFacts: statement.facts,
      outcome: null,
    });
    // The operator's decision stands; another is refused while the item goes back.
    expect(
      await disputes().decide(deal.id, { actorId: operatorId }, { refundMinor: 0, ...statement }),
    ).toMatchObject({ code: "illegal_transition" });
    expect(
      (await disputes().shipReturn(deal.id, buyer.user.id, { carrier: "dpd", trackingNumber: "DPD 998877" }))
        .ok,
    ).toBe(true);
    const { returnConfirmBy, returnShippedAt } = await disputeOf(deal.id);
    expect((returnConfirmBy?.getTime() ?? 0) - (returnShippedAt?.getTime() ?? 0)).toBe(14 * DAY_MS);

    // Not yet: the confirm job early does nothing.
    await timeComes(deal.id, "confirm");
    expect((await disputeOf(deal.id)).status).toBe("returning");
    // The seller stays silent past the confirm days: the sweep refunds the buyer in full, once.
    await api.db
      .update(dealDisputes)
      .set({ returnConfirmBy: new Date(Date.now() - 1000) })
      .where(eq(dealDisputes.dealId, deal.id));
    for (let run = 0; run < 2; run++) {
      await api.jobs.send(RETURN_SWEEP_QUEUE, {});
      await api.jobs.runPending(RETURN_SWEEP_QUEUE);
    }
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    expect(await disputeOf(deal.id)).toMatchObject({
      status: "resolved",
      outcome: "refund",
      decidedBy: operatorId,
      decisionGrounds: statement.grounds,
    });
    expect(await balancesOf(api.db, deal.id)).toMatchObject({ held: 0, refunded: TOTAL });
    expect(await refundCalls(deal.id)).toHaveLength(1);
    expect(await variantsOf(deal.id)).toEqual(
      expect.arrayContaining(["return_auto_refunded_buyer", "return_auto_refunded_seller"]),
    );
    // The decision is appealable once the dispute ended.
    expect((await disputes().view(deal.id))?.appealableUntil).not.toBeNull();
  });
});

describe("a return not sent in time", () => {
  it("reminds the buyer a day before, then lapses to the operator with a system message", async () => {
    const deal = await disputedDeal();
    expect((await disputes().proposeReturn(deal.id, buyer.user.id)).ok).toBe(true);
    expect((await disputes().accept(deal.id, seller.user.id)).ok).toBe(true);
    // The reminder comes once, a day before.
    await api.db
      .update(dealDisputes)
      .set({ returnBy: new Date(Date.now() + 12 * 60 * 60 * 1000) })
      .where(eq(dealDisputes.dealId, deal.id));
    await timeComes(deal.id, "ship_reminder");
    await api.jobs.send(RETURN_DEADLINE_QUEUE, { dealId: deal.id, kind: "ship_reminder" });
    await api.jobs.runPending(RETURN_DEADLINE_QUEUE);
    expect((await variantsOf(deal.id)).filter((variant) => variant === "return_reminder_buyer")).toHaveLength(
      1,
    );
    // The deadline job before its time does nothing; after it, the return lapses once.
    await api.jobs.send(RETURN_DEADLINE_QUEUE, { dealId: deal.id, kind: "ship" });
    await api.jobs.runPending(RETURN_DEADLINE_QUEUE);
    expect((await disputeOf(deal.id)).status).toBe("returning");
    await api.db
      .update(dealDisputes)
      .set({ returnBy: new Date(Date.now() - 1000) })
      .where(eq(dealDisputes.dealId, deal.id));
    expect(
      await disputes().shipReturn(deal.id, buyer.user.id, { carrier: "gls", trackingNumber: "GLS 1234" }),
    ).toMatchObject({ code: "illegal_transition" });
    await timeComes(deal.id, "ship");
    await api.jobs.send(RETURN_DEADLINE_QUEUE, { dealId: deal.id, kind: "ship" });
    await api.jobs.runPending(RETURN_DEADLINE_QUEUE);
    const lapsed = await disputeOf(deal.id);
    expect(lapsed.status).toBe("escalated");
    expect(lapsed.escalatedAt).not.toBeNull();
    const messages = await api.db
      .select()
      .from(dealDisputeMessages)
      .where(and(eq(dealDisputeMessages.disputeId, lapsed.id), eq(dealDisputeMessages.role, "system")));
    expect(messages.map((message) => message.body)).toEqual(["return_lapsed"]);
    expect((await variantsOf(deal.id)).filter((variant) => variant?.startsWith("return_lapsed"))).toEqual([
      "return_lapsed_buyer",
      "return_lapsed_seller",
    ]);
    expect(await balancesOf(api.db, deal.id)).toMatchObject({ held: TOTAL });
    // The operator decides it as any escalated dispute.
    expect(
      (await disputes().decide(deal.id, { actorId: operatorId }, { refundMinor: 0, ...statement })).ok,
    ).toBe(true);
    expect((await disputes().view(deal.id))?.messages.map((message) => message.role)).toContain("system");
  });
});
