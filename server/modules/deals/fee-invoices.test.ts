import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { creditDealFee, requestDealFeeDocuments } from "../invoicing/index.ts";
import { FEE_INVOICES_QUEUE } from "./fee-invoices.ts";
import { AUCTION_DEAL_QUEUE, PROVIDER_CALLS_QUEUE } from "./flow.ts";
import { resolveDeal, step } from "./settle.ts";
import { deals as dealsTable } from "./tables.ts";

/**
 * The operator's tax documents for a deal's fees (issue 35, item 2; ADR 0081): issued once when the
 * money is settled, the buyer's protection to the buyer and the commission to the seller, each side
 * seeing only its own; and the deals in each side's data export (GDPR art. 15 and 20).
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];
let stranger: Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi(
    {},
    {
      marketplace: provider.port,
      dealTerms: {
        termsOf: async () => ({
          paysThroughSite: true,
          deliveryOptions: [{ carrier: "zasilkovna", priceMinor: 8_900 }],
        }),
      },
    },
  );
  await insertAuctionSettings(api.db, 0);
  [seller, buyer, stranger] = await insertBidders(api.db, 3);
  await api.services.settings.put("contacts", "cs", { company: "Rarita s.r.o.", ico: "28953177" });
});
afterAll(() => api?.close());

const deals = () => api.services.deals;
const actor = { actorId: null, reason: "test", at: new Date() };

/** A won auction of `priceMinor` with the commission of the moment, paid and shipped. */
async function shippedDeal(priceMinor: number, sellerCommissionBp: number) {
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true, sellerCommissionBp });
  const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: priceMinor });
  await api.services.bidding.placeBid({
    productId: auction.id,
    bidder: { id: buyer.user.id, emailConfirmed: true, adultConfirmed: true },
    amountMinor: priceMinor,
  });
  await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
  await api.services.bidding.closeAuction(auction.id);
  await api.jobs.runPending(AUCTION_DEAL_QUEUE);
  const row = (await deals().list(buyer.user.id, "buyer", "cs")).find((one) => one.productId === auction.id);
  if (!row) throw new Error("no deal");
  await payByCard(api, provider, row.id, buyer.user.id);
  expect((await deals().ship(row.id, seller.user.id, { trackingNumber: "Z 555 000 111" })).ok).toBe(true);
  const [record] = await api.db.select().from(dealsTable).where(eq(dealsTable.id, row.id));
  return record;
}

async function confirmed(priceMinor: number, sellerCommissionBp: number) {
  const deal = await shippedDeal(priceMinor, sellerCommissionBp);
  expect((await deals().confirmReceipt(deal.id, buyer.user.id)).ok).toBe(true);
  await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
  await api.jobs.runPending(FEE_INVOICES_QUEUE);
  return deal;
}

describe("the operator's documents for a deal's fees", () => {
  it("are issued once on receipt: the protection fee to the buyer, the commission to the seller", async () => {
    const deal = await confirmed(200_000, 500);
    // 2 000 Kč: protection 5 % + 10 Kč = 110 Kč; commission 5 % = 100 Kč.
    expect(deal).toMatchObject({ buyerFeeMinor: 11_000, sellerCommissionMinor: 10_000 });
    const buyerDocs = await deals().feeDocuments(deal.id, buyer.user.id);
    const sellerDocs = await deals().feeDocuments(deal.id, seller.user.id);
    expect(buyerDocs).toEqual([
      expect.objectContaining({ fee: "buyer_protection", kind: "invoice", totalMinor: 11_000 }),
    ]);
    expect(sellerDocs).toEqual([
      expect.objectContaining({ fee: "seller_commission", kind: "invoice", totalMinor: 10_000 }),
    ]);

    // The documents are the operator's supplies, VAT included, never the goods' price.
    const buyerDoc = await deals().feeDocument(deal.id, buyer.user.id, buyerDocs?.[0].number ?? "");
    expect(buyerDoc).toMatchObject({
      orderId: null,
      dealId: deal.id,
      lines: [{ description: `Ochrana kupujícího – obchod č. ${deal.id}`, quantity: 1, totalMinor: 11_000 }],
      vatRate: 21,
      baseMinor: 9_091,
      vatMinor: 1_909,
      totalMinor: 11_000,
      paymentMethod: "card",
    });
    expect(buyerDoc?.supplier).toMatchObject({ name: "Rarita s.r.o.", companyId: "28953177" });
    const sellerDoc = await deals().feeDocument(deal.id, seller.user.id, sellerDocs?.[0].number ?? "");
    expect(sellerDoc).toMatchObject({ totalMinor: 10_000, paymentMethod: "offset" });

    // Each side sees its own only; anyone else nothing.
    expect(await deals().feeDocument(deal.id, buyer.user.id, sellerDocs?.[0].number ?? "")).toBeNull();
    expect(await deals().feeDocument(deal.id, seller.user.id, buyerDocs?.[0].number ?? "")).toBeNull();
    expect(await deals().feeDocuments(deal.id, stranger.user.id)).toBeNull();
    expect(await deals().feeDocument(deal.id, stranger.user.id, buyerDocs?.[0].number ?? "")).toBeNull();
    // Nor is it an order's document of the account's payments.
    const asOrder = await api.call("GET", `/api/me/invoices/${buyerDocs?.[0].number}`, {
      token: buyer.token,
    });
    expect(asOrder.status).toBe(404);

    // The account's payments list the same, each side its own.
    const mine = async (userId: number) =>
      (await deals().myFeeDocuments(userId)).filter((one) => one.dealId === deal.id).map((one) => one.number);
    expect(await mine(buyer.user.id)).toEqual([buyerDocs?.[0].number]);
    expect(await mine(seller.user.id)).toEqual([sellerDocs?.[0].number]);
    expect(await mine(stranger.user.id)).toEqual([]);

    // Asked again and the job run twice (a retry, a lost acknowledgement): nothing new.
    await api.db.transaction((tx) => requestDealFeeDocuments(tx, deal.id));
    await api.jobs.send(FEE_INVOICES_QUEUE, {});
    await api.jobs.runPending(FEE_INVOICES_QUEUE);
    await api.jobs.runPending(FEE_INVOICES_QUEUE);
    expect(await deals().feeDocuments(deal.id, buyer.user.id)).toEqual(buyerDocs);
    expect(await deals().feeDocuments(deal.id, seller.user.id)).toEqual(sellerDocs);
  });

  it("without a commission issue the buyer's document only", async () => {
    const deal = await confirmed(100_000, 0);
    expect(await deals().feeDocuments(deal.id, seller.user.id)).toEqual([]);
    expect(await deals().feeDocuments(deal.id, buyer.user.id)).toHaveLength(1);
  });

  it("are not issued for a deal refunded in full, and a fee invoiced before is credited once", async () => {
    const deal = await shippedDeal(100_000, 0);
    const text = "Láhev dorazila rozbitá, přikládám fotografie obalu.";
    expect((await api.services.disputes.open(deal.id, buyer.user.id, { reason: "damaged", text })).ok).toBe(
      true,
    );
    const refunded = await step(api.db, (tx) =>
      resolveDeal(tx, deal.id, { kind: "refund" }, `test:${deal.id}`, actor),
    );
    expect(refunded.ok).toBe(true);
    await api.jobs.runPending(FEE_INVOICES_QUEUE);
    // The protection fee went back with everything else: nothing was the operator's.
    expect(await deals().feeDocuments(deal.id, buyer.user.id)).toEqual([]);

    // A fee refunded after its invoice (the documents' rule): one credit note, every amount negated.
    const settled = await confirmed(100_000, 0);
    const credit = () =>
      api.db.transaction((tx) => creditDealFee(tx, settled.id, "buyer_protection", new Date()));
    expect(await credit()).toMatch(/^\d{10}$/);
    expect(await credit()).toBeNull();
    const documents = await deals().feeDocuments(settled.id, buyer.user.id);
    expect(documents?.map((one) => [one.kind, one.totalMinor])).toEqual([
      ["invoice", settled.buyerFeeMinor],
      ["credit_note", -settled.buyerFeeMinor],
    ]);
    // The credit note names the invoice it corrects, listed and as issued (its page's title and line).
    const [invoice, note] = documents ?? [];
    expect(invoice.corrects).toBeNull();
    expect(note.corrects).toBe(invoice.number);
    expect(await deals().feeDocument(settled.id, buyer.user.id, note.number)).toMatchObject({
      number: note.number,
      corrects: invoice.number,
      totalMinor: -settled.buyerFeeMinor,
    });
  });
});

describe("the data export", () => {
  it("holds the user's deals as buyer and as seller, their dispute texts, and nothing of others' deals", async () => {
    const deal = await confirmed(150_000, 500);
    const exported = async (token: string) =>
      (await api.call("GET", "/api/me/export", { token })).json as Record<string, unknown> & {
        deals: { id: number; role: string; trackingNumber: string; feeDocuments: { fee: string }[] }[];
        disputeTexts: { dealId: number; text: string }[];
      };
    const ofBuyer = await exported(buyer.token);
    const ofSeller = await exported(seller.token);
    const ofStranger = await exported(stranger.token);
    expect(ofBuyer.deals.find((one) => one.id === deal.id)).toMatchObject({
      role: "buyer",
      status: "completed",
      priceMinor: 150_000,
      trackingNumber: "Z 555 000 111",
      feeDocuments: [expect.objectContaining({ fee: "buyer_protection" })],
    });
    expect(ofSeller.deals.find((one) => one.id === deal.id)).toMatchObject({
      role: "seller",
      feeDocuments: [expect.objectContaining({ fee: "seller_commission" })],
    });
    expect(ofStranger.deals).toEqual([]);
    expect(ofBuyer.disputeTexts.map((one) => one.text)).toContain(
      "Láhev dorazila rozbitá, přikládám fotografie obalu.",
    );
    expect(ofSeller.disputeTexts).toEqual([]);
    expect(ofBuyer).toHaveProperty("dealStrikes");
    expect(ofSeller).toHaveProperty("payoutAccount");
    expect(JSON.stringify(ofSeller.payoutAccount ?? {})).not.toContain("acct_");
  });
});
