import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatShortDateTime } from "#core/formats/dates.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { deadlineJobs, deadlineJobsRun, payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { DEADLINE_QUEUE, type ReminderKind } from "./deadlines.ts";
import { PROVIDER_CALLS_QUEUE } from "./flow.ts";
import { deals as dealsTable } from "./tables.ts";

/**
 * The reminders before the ship-by deadline (to the seller) and before the release (to the
 * buyer), issue 35, item 1: each a durable job sent with its deadline, a bell notice and a mail at
 * its time, once, and nothing when the deal has moved on meanwhile. Deals are bought with "Koupit"
 * and paid through an in-memory provider (server/test/marketplace-double.ts); a reminder's time
 * comes by moving its job's start to now, as the hours passing would.
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi({}, { marketplace: provider.port });
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, buyer] = await insertBidders(api.db, 2);
});
afterAll(() => api?.close());

const deals = () => api.services.deals;
const PPL: DeliveryOption = { carrier: "ppl", priceMinor: 12_900 };
const PICKUP: DeliveryOption = { carrier: "pickup", town: "Brno" };
let keys = 0;

/** A classified of the seller bought by the buyer with `option` and paid: the deal's id. */
async function paidDeal(option: DeliveryOption) {
  const listing = await insertAuction(api.db, {
    sellerId: seller.user.id,
    format: "classified",
    priceMinor: 300_000,
    startPriceMinor: null,
    auctionDuration: null,
    endsAt: null,
  });
  await api.services.dealTerms.save(listing.id, { paysThroughSite: true, deliveryOptions: [option] });
  const bought = await deals().buyNow({
    productId: listing.id,
    buyerId: buyer.user.id,
    carrier: option.carrier,
    requestKey: `reminders-${++keys}`,
  });
  if (!bought.ok) throw new Error(bought.code);
  await payByCard(api, provider, bought.value.dealId, buyer.user.id);
  expect((await deals().page(bought.value.dealId, seller.user.id, "cs"))?.status).toBe("paid");
  return bought.value.dealId;
}

const dealRow = async (dealId: number) =>
  (await api.db.select().from(dealsTable).where(eq(dealsTable.id, dealId)))[0];

/** The deal's reminder jobs of `kind` still waiting: their distance and when they start. */
const reminderJobs = (dealId: number, kind: ReminderKind) => deadlineJobs(api, dealId, kind);

/** The hours pass: the deal's reminder jobs of `kind` are due now, and the deadline queue runs. */
const reminderTimeComes = (dealId: number, kind: ReminderKind) => deadlineJobsRun(api, dealId, kind);

/** The bell notices of `event` about the deal. */
const noticesOf = async (dealId: number, event: string) =>
  (await api.db.select().from(systemMessages).where(eq(systemMessages.event, event))).filter(
    (notice) => (notice.payload as { dealId?: number } | null)?.dealId === dealId,
  );

/** The mails delivered so far whose subject names `text`. */
async function mailsAbout(text: string) {
  await api.deliverMail();
  return api.sentMail.filter((mail) => mail.subject.includes(text));
}

describe("the seller's reminder before ship-by", () => {
  it("comes once a day before the deadline, as a notice and a mail to ship; a repeated job sends nothing more", async () => {
    const dealId = await paidDeal(PPL);
    const { shipBy } = await dealRow(dealId);
    if (!shipBy) throw new Error("no ship-by");
    expect(await reminderJobs(dealId, "ship_reminder")).toEqual([
      { hours: 24, at: new Date(shipBy.getTime() - 24 * 60 * 60 * 1000) },
    ]);
    // Before its time nothing is sent.
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_ship_reminder")).toEqual([]);

    await reminderTimeComes(dealId, "ship_reminder");
    const date = formatShortDateTime(shipBy, "cs");
    const [notice, ...more] = await noticesOf(dealId, "deal_ship_reminder");
    expect(more).toEqual([]);
    expect(notice.body).toContain(`odeslat`);
    expect(notice.body).toContain(date);
    const mails = await mailsAbout(`Připomenutí: odešlete`);
    expect(mails.map((mail) => mail.to)).toEqual([seller.user.email]);
    expect(mails[0].text).toContain(`/ucet/obchody/${dealId}`);

    // The job again (a retry, a second worker): no second notice, no second mail.
    await api.jobs.send(DEADLINE_QUEUE, { dealId, kind: "ship_reminder", hours: 24 });
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_ship_reminder")).toHaveLength(1);
    expect(await mailsAbout(`Připomenutí: odešlete`)).toHaveLength(1);
  });

  it("asks a pickup's seller to have the item ready in the town, not to ship it", async () => {
    const dealId = await paidDeal(PICKUP);
    await reminderTimeComes(dealId, "ship_reminder");
    const [notice] = await noticesOf(dealId, "deal_ship_reminder");
    expect(notice.body).toContain("Brno");
    expect(notice.body).toMatch(/připravit .* předání/);
    expect(notice.body).not.toContain("zásilk");
  });

  it("is not sent once the goods are shipped", async () => {
    const dealId = await paidDeal(PPL);
    expect((await deals().ship(dealId, seller.user.id, { trackingNumber: "PPL 4242" })).ok).toBe(true);
    await reminderTimeComes(dealId, "ship_reminder");
    expect(await noticesOf(dealId, "deal_ship_reminder")).toEqual([]);
  });
});

describe("the buyer's reminder before the release", () => {
  it("comes once two days before the money is released: dispute if something is wrong, else confirm", async () => {
    const dealId = await paidDeal(PPL);
    await deals().ship(dealId, seller.user.id, { trackingNumber: "PPL 5151" });
    const { releaseAt } = await dealRow(dealId);
    if (!releaseAt) throw new Error("no release date");
    expect(await reminderJobs(dealId, "release_reminder")).toEqual([
      { hours: 48, at: new Date(releaseAt.getTime() - 48 * 60 * 60 * 1000) },
    ]);
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_release_reminder")).toEqual([]);

    await reminderTimeComes(dealId, "release_reminder");
    const [notice] = await noticesOf(dealId, "deal_release_reminder");
    expect(notice.body).toContain(formatShortDateTime(releaseAt, "cs"));
    expect(notice.body).toContain("spor");
    expect(notice.body).toContain("potvrďte převzetí");
    const mails = await mailsAbout("se prodávajícímu uvolní");
    expect(mails.map((mail) => mail.to)).toEqual([buyer.user.email]);

    await api.jobs.send(DEADLINE_QUEUE, { dealId, kind: "release_reminder", hours: 48 });
    await api.jobs.runPending(DEADLINE_QUEUE);
    expect(await noticesOf(dealId, "deal_release_reminder")).toHaveLength(1);
    expect(await mailsAbout("se prodávajícímu uvolní")).toHaveLength(1);
  });

  it("comes after a pickup's handover too, in the pickup's words", async () => {
    const dealId = await paidDeal(PICKUP);
    await deals().readyForPickup(dealId, seller.user.id);
    const code = (await deals().page(dealId, buyer.user.id, "cs"))?.pickupCode ?? "";
    expect((await deals().confirmPickup(dealId, seller.user.id, code)).ok).toBe(true);
    await reminderTimeComes(dealId, "release_reminder");
    const [notice] = await noticesOf(dealId, "deal_release_reminder");
    expect(notice.body).toContain("spor");
    expect(notice.body).not.toContain("zásilka");
  });

  it("is not sent once the buyer disputed or the deal is completed", async () => {
    const disputed = await paidDeal(PPL);
    await deals().ship(disputed, seller.user.id, { trackingNumber: "PPL 6161" });
    const opened = await api.services.disputes.open(disputed, buyer.user.id, {
      reason: "damaged",
      text: "Láhev dorazila rozbitá.",
    });
    expect(opened.ok).toBe(true);
    await reminderTimeComes(disputed, "release_reminder");
    expect(await noticesOf(disputed, "deal_release_reminder")).toEqual([]);

    const completed = await paidDeal(PPL);
    await deals().ship(completed, seller.user.id, { trackingNumber: "PPL 7171" });
    expect((await deals().confirmReceipt(completed, buyer.user.id)).ok).toBe(true);
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    await reminderTimeComes(completed, "release_reminder");
    expect(await noticesOf(completed, "deal_release_reminder")).toEqual([]);
  });
});

describe("the reminders' setting", () => {
  it("a setting saved before the reminders existed reminds at the defaults", async () => {
    const { shipReminderHours: _ship, releaseReminderHours: _release, ...before } = DEALS;
    await api.services.settings.put("deals", null, { ...before, enabled: true });
    try {
      const dealId = await paidDeal(PPL);
      expect((await reminderJobs(dealId, "ship_reminder")).map((job) => job.hours)).toEqual([24]);
    } finally {
      await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
    }
  });

  it("the back office refuses a reminder that would not come before its deadline", async () => {
    const { token } = await api.createUser({ role: "admin" });
    const put = (value: unknown) => api.call("PUT", "/api/admin/settings/deals", { token, body: { value } });
    // 5 working days are at least 120 hours; the release comes 14 days (336 hours) after shipping.
    const late = await put({ ...DEALS, shipReminderHours: [120, 24], releaseReminderHours: [48, 336] });
    expect(late.status).toBe(422);
    expect(late.json).toEqual({
      errors: {
        "value.shipReminderHours.0": ["Připomínka musí přijít před lhůtou k odeslání."],
        "value.releaseReminderHours.1": ["Připomínka musí přijít před uvolněním peněz."],
      },
    });
    const twice = await put({ ...DEALS, shipReminderHours: [24, 24] });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.json.errors)).toEqual(["value.shipReminderHours"]);
    const saved = await put({ ...DEALS, shipReminderHours: [119, 6], releaseReminderHours: [] });
    expect(saved.status).toBe(200);
    await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  });
});
