import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEES } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { settings } from "../settings/tables.ts";

/**
 * A production start with the default settings (demo data loaded or not): no test card gateway, so
 * nobody can "pay" a fee or a promotion for nothing. Only the bank transfer is offered.
 */

const DAY = 24 * 60 * 60 * 1000;
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ NODE_ENV: "production", SEED_DEMO: "true" });
  await api.db.insert(settings).values([
    { name: "fees", locale: null, value: FEES },
    {
      name: "contacts",
      locale: "cs",
      value: { company: "Rarita s.r.o.", bank_account: "19-2000145399/0800" },
    },
  ]);
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

describe("production without a card gateway", () => {
  it("offers the bank transfer only: no card payment starts and no test gateway notification is taken", async () => {
    expect(api.config.testGateway).toBeUndefined();
    expect(api.services.testGateway).toBeNull();
    const root = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
    const category = await insertCategory(api.db, {
      depth: 2,
      parentId: root.id,
      nameCs: "Rum",
      slugCs: "rum",
    });
    const [seller] = await insertBidders(api.db, 1);
    const listing = await insertAuction(api.db, {
      sellerId: seller.user.id,
      categoryId: category.id,
      auctionDuration: "month",
      activationAt: new Date(Date.now() - DAY),
      endsInMs: 10 * DAY,
    });

    const created = await api.call("POST", `/api/me/advertisements/${listing.id}/top`, {
      token: seller.token,
      body: { days: 3 },
    });
    expect(created.status).toBe(201);
    const order = created.json.data;
    expect(order).toMatchObject({ status: "awaiting_payment", payable: true, card: false });
    expect(order.bankTransfer).toMatchObject({ iban: "CZ6508000000192000145399", amountMinor: 4500 });

    const card = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    expect(card.status).toBe(409);
    const notification = await api.call("POST", "/api/payments/webhooks/test", {
      rawBody: JSON.stringify({ eventId: "e1", paymentId: "x" }),
    });
    expect(notification.status).toBe(404);
    const after = await api.call("GET", `/api/orders/${order.id}/${order.hash}`);
    expect(after.json.data).toMatchObject({ status: "awaiting_payment", card: false });
  });
});
