import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { rowsOf } from "#server/db/rows.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { deadlineJobs, deadlineJobsRun, payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { DEADLINE_QUEUE, DEADLINE_SWEEP_QUEUE } from "./deadlines.ts";
import { PROVIDER_CALLS_QUEUE } from "./flow.ts";
import { balancesOf } from "./ledger.ts";
import { dealProviderCalls } from "./tables/provider.ts";
import { deals as dealsTable } from "./tables.ts";

/**
 * A personal pickup's deadline to collect (issue 35; docs/product/deals.md, "Deadlines"): set when
 * the seller says the goods are ready (`pickupDays`), with reminders to both sides
 * `pickupReminderHours` before it; not collected by then, the deal is cancelled and the buyer
 * refunded in full through the provider, once. A handover or a dispute before it stops it. Deals
 * are bought with "Koupit" and paid through an in-memory provider (server/test/marketplace-double.ts).
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi({}, { marketplace: provider.port });
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true, pickupDays: 10 });
  [seller, buyer] = await insertBidders(api.db, 2);
});
afterAll(() => api?.close());

const deals = () => api.services.deals;
const HOUR_MS = 60 * 60 * 1000;
let keys = 0;

/** A classified with personal pickup in Brno, bought and paid, the goods ready: the deal's id. */
async function readyPickup() {
  const listing = await insertAuction(api.db, {
    sellerId: seller.user.id,
    format: "classified",
    priceMinor: 300_000,
    startPriceMinor: null,
    auctionDuration: null,
    endsAt: null,
  });
  await api.services.dealTerms.save(listing.id, {
    paysThroughSite: true,
    deliveryOptions: [{ carrier: "pickup", town: "Brno" }],
  });
  const bought = await deals().buyNow({
    productId: listing.id,
    buyerId: buyer.user.id,
    carrier: "pickup",
    requestKey: `pickup-deadline-${++keys}`,
  });
  if (!bought.ok) throw new Error(bought.code);
  const dealId = bought.value.dealId;
  await payByCard(api, provider, dealId, buyer.user.id);
  expect((await deals().readyForPickup(dealId, seller.user.id)).ok).toBe(true);
  return dealId;
}

const dealRow = async (dealId: number) =>
  (await api.db.select().from(dealsTable).where(eq(dealsTable.id, dealId)))[0];

/** The deal's waiting deadline jobs of `kind`: their distance and when they start. */
const jobsOf = (dealId: number, kind: string) => deadlineJobs(api, dealId, kind);

/** The time comes: the deal's waiting jobs of `kind` are due now, and the deadline queue runs. */
const timeComes = (dealId: number, kind: string) => deadlineJobsRun(api, dealId, kind);

/** The pickup's deadline passes: the date moved a minute back, its job run (twice if asked). */
async function deadlinePasses(dealId: number, times = 1) {
  await api.db
    .update(dealsTable)
    .set({ pickupBy: new Date(Date.now() - 60_000) })
    .where(eq(dealsTable.id, dealId));
  for (let run = 0; run < times; run++) {
    await api.jobs.send(DEADLINE_QUEUE, { dealId, kind: "pickup" });
    await api.jobs.runPending(DEADLINE_QUEUE);
  }
}

const noticesOf = async (dealId: number, event: string) =>
  (await api.db.select().from(systemMessages).where(eq(systemMessages.event, event))).filter(
    (notice) => (notice.payload as { dealId?: number } | null)?.dealId === dealId,
  );

/** Whom a notice of a deal is for: its text variant (`buyer`, `seller`, `not_collected_buyer`…). */
const variantOf = (notice: { payload: unknown }) => (notice.payload as { variant?: string }).variant;

async function mailsAbout(text: string) {
  await api.deliverMail();
  return api.sentMail.filter((mail) => mail.subject.includes(text));
}

describe("the pickup's deadline", () => {
  it("is set pickupDays after the goods are ready, with its job and a reminder job before it", async () => {
    const before = Date.now();
    const dealId = await readyPickup();
    const { pickupBy } = await dealRow(dealId);
    if (!pickupBy) throw new Error("no pickup deadline");
    expect(pickupBy.getTime() - before).toBeGreaterThanOrEqual(10 * 24 * HOUR_MS);
    expect(pickupBy.getTime() - Date.now()).toBeLessThanOrEqual(10 * 24 * HOUR_MS);
    expect(await jobsOf(dealId, "pickup")).toEqual([{ hours: null, at: pickupBy }]);
    expect(await jobsOf(dealId, "pickup_reminder")).toEqual([
      { hours: 48, at: new Date(pickupBy.getTime() - 48 * HOUR_MS) },
    ]);
    // The buyer's list and page say by when.
    expect((await deals().page(dealId, buyer.user.id, "cs"))?.dueAt).toBe(pickupBy.toISOString());
  });

  it("reminds both sides once: the buyer to collect with the code, the seller till when", async () => {
    const dealId = await readyPickup();
    const { pickupBy } = await dealRow(dealId);
    const date = formatShortDateTime(pickupBy ?? new Date(), "cs");
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_pickup_reminder")).toEqual([]);

    await timeComes(dealId, "pickup_reminder");
    const notices = await noticesOf(dealId, "deal_pickup_reminder");
    expect(notices.map(variantOf).sort()).toEqual(["buyer", "seller"]);
    const [toBuyer, toSeller] = ["buyer", "seller"].map((side) => notices.find((n) => variantOf(n) === side));
    expect(toBuyer?.body).toMatch(/vyzvednout .* Brno .* kód/);
    expect(toBuyer?.body).toContain(date);
    expect(toSeller?.body).toContain(`Kupující si může`);
    expect(toSeller?.body).toContain(date);
    expect((await mailsAbout("Připomenutí: vyzvedněte si")).map((mail) => mail.to)).toEqual([
      buyer.user.email,
    ]);
    expect((await mailsAbout("Připomenutí: kupující si")).map((mail) => mail.to)).toEqual([
      seller.user.email,
    ]);

    await api.jobs.send(DEADLINE_QUEUE, { dealId, kind: "pickup_reminder", hours: 48 });
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_pickup_reminder")).toHaveLength(2);
    expect(await mailsAbout("Připomenutí: vyzvedněte si")).toHaveLength(1);
  });

  it("not collected by then: cancelled, the buyer refunded in full once, both told", async () => {
    const dealId = await readyPickup();
    const { totalMinor } = await dealRow(dealId);
    await deadlinePasses(dealId, 2);
    expect((await dealRow(dealId)).status).toBe("cancelled");
    expect(await balancesOf(api.db, dealId)).toMatchObject({ held: 0, refunded: totalMinor, fees: 0 });
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    await deadlinePasses(dealId);
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    const calls = await api.db
      .select()
      .from(dealProviderCalls)
      .where(and(eq(dealProviderCalls.dealId, dealId), eq(dealProviderCalls.kind, "refund")));
    expect(calls.map((call) => [call.idempotencyKey, call.amountMinor, call.doneAt !== null])).toEqual([
      [`deal:${dealId}:pickup-expired:refund`, totalMinor, true],
    ]);
    expect(provider.refunds.filter((refund) => refund.paymentId === calls[0].target)).toHaveLength(1);

    const notices = await noticesOf(dealId, "deal_cancelled");
    expect(notices.map(variantOf).sort()).toEqual(["not_collected_buyer", "not_collected_seller"]);
    const [toBuyer, toSeller] = notices
      .map((notice) => notice)
      .sort((a, b) => String(variantOf(a)).localeCompare(String(variantOf(b))));
    expect(toBuyer?.body).toContain("nevyzvedli");
    expect(toBuyer?.body).toContain("vracíme");
    expect(toSeller?.body).toContain("položka zůstává vám");
    // After the deadline no reminder comes.
    await timeComes(dealId, "pickup_reminder");
    expect(await noticesOf(dealId, "deal_pickup_reminder")).toEqual([]);
  });

  it("a deadline the job missed is caught by the sweep", async () => {
    const dealId = await readyPickup();
    await api.db.execute(
      sql`delete from pgboss.job where name = ${DEADLINE_QUEUE} and (data->>'dealId')::int = ${dealId}`,
    );
    await api.db
      .update(dealsTable)
      .set({ pickupBy: new Date(Date.now() - 60_000) })
      .where(eq(dealsTable.id, dealId));
    await api.jobs.send(DEADLINE_SWEEP_QUEUE, {});
    await api.jobs.runPending(DEADLINE_SWEEP_QUEUE);
    expect((await dealRow(dealId)).status).toBe("cancelled");
    const [status] = await api.db
      .execute(sql`select reason from deal_status_changes where deal_id = ${dealId} order by id desc limit 1`)
      .then((result) => rowsOf<{ reason: string }>(result));
    expect(status.reason).toBe("pickup deadline");
  });

  it("a handover before it stops it: the deal stays delivered and nothing is refunded", async () => {
    const dealId = await readyPickup();
    const code = (await deals().page(dealId, buyer.user.id, "cs"))?.pickupCode ?? "";
    expect((await deals().confirmPickup(dealId, seller.user.id, code)).ok).toBe(true);
    await timeComes(dealId, "pickup_reminder");
    await deadlinePasses(dealId);
    expect((await dealRow(dealId)).status).toBe("delivered");
    expect((await balancesOf(api.db, dealId)).refunded).toBe(0);
    expect(await noticesOf(dealId, "deal_pickup_reminder")).toEqual([]);
  });

  it("a dispute before it stops it: the money stays held for the dispute", async () => {
    const dealId = await readyPickup();
    const opened = await api.services.disputes.open(dealId, buyer.user.id, {
      reason: "not_arrived",
      text: "Prodávající nepřišel na domluvené místo.",
    });
    expect(opened.ok).toBe(true);
    await deadlinePasses(dealId);
    const row = await dealRow(dealId);
    expect(row.status).toBe("disputed");
    expect(await balancesOf(api.db, dealId)).toMatchObject({ held: row.totalMinor, refunded: 0 });
  });
});

describe("the pickup's setting", () => {
  it("the back office refuses a pickup reminder that would not come before the deadline, and saves one that does", async () => {
    const { token } = await api.createUser({ role: "admin" });
    const put = (value: unknown) => api.call("PUT", "/api/admin/settings/deals", { token, body: { value } });
    const late = await put({ ...DEALS, pickupDays: 2, pickupReminderHours: [48, 24] });
    expect(late.status).toBe(422);
    expect(late.json).toEqual({
      errors: { "value.pickupReminderHours.0": ["Připomínka musí přijít před lhůtou k vyzvednutí."] },
    });
    expect((await put({ ...DEALS, pickupDays: 61 })).status).toBe(422);
    expect((await put({ ...DEALS, pickupDays: 2, pickupReminderHours: [47, 24] })).status).toBe(200);
    await api.services.settings.put("deals", null, { ...DEALS, enabled: true, pickupDays: 10 });
  });

  it("a setting saved before the pickup deadline existed gives 14 days and a reminder 48 hours before", async () => {
    const { pickupDays: _days, pickupReminderHours: _hours, ...before } = DEALS;
    await api.services.settings.put("deals", null, { ...before, enabled: true });
    try {
      const dealId = await readyPickup();
      const { pickupBy, updatedAt } = await dealRow(dealId);
      expect(pickupBy?.getTime()).toBe(updatedAt.getTime() + 14 * 24 * HOUR_MS);
      expect((await jobsOf(dealId, "pickup_reminder")).map((job) => job.hours)).toEqual([48]);
    } finally {
      await api.services.settings.put("deals", null, { ...DEALS, enabled: true, pickupDays: 10 });
    }
  });
});
