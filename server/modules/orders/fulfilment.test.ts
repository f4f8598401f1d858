import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IllegalTransitionError } from "#core/lifecycles/order.ts";
import { orders } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { hashToken } from "../auth/index.ts";
import {
  createOrder,
  lockOrder,
  markOrderDelivered,
  markOrderPaid,
  markOrderShipped,
} from "./transitions.ts";

/**
 * A shop order after payment, on a real database: shipped with the carrier's tracking number,
 * then delivered, or handed over at a branch; each move only from where the lifecycle allows it.
 */

let api: TestApi;
let productId: number;
let buyerId: number;
let buyerToken: string;
let adminToken: string;

beforeAll(async () => {
  api = await createTestApi();
  const category = await insertCategory(api.db);
  const [buyer] = await insertBidders(api.db, 1);
  const [admin] = await insertBidders(api.db, 1, { role: "admin" });
  buyerId = buyer.user.id;
  buyerToken = buyer.token;
  adminToken = admin.token;
  // Staff act only after their second factor (the TOTP flow has its own tests).
  await api.services.auth.markSecondFactor(hashToken(admin.token));
  productId = (await insertProduct(api.db, { categoryId: category.id })).id;
});
afterAll(() => api?.close());

async function newOrder(kind: "shop" | "promotion") {
  return api.db.transaction((tx) =>
    createOrder(
      tx,
      {
        userId: buyerId,
        email: "kupec@rarita.test",
        locale: "cs",
        kind,
        productId,
        subtotalMinor: 89_000,
        discountMinor: 0,
        totalMinor: 89_000,
        item: { description: "Rum", quantity: 1, unitPriceMinor: 89_000 },
      },
      new Date(),
    ),
  );
}

/** Runs one move on the order under its lock, as the payments module does. */
function move<T>(
  id: number,
  step: (tx: TestApi["db"], locked: NonNullable<Awaited<ReturnType<typeof lockOrder>>>) => Promise<T>,
) {
  return api.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    if (!locked) throw new Error(`no order ${id}`);
    return step(tx, locked);
  });
}

describe("a paid shop order", () => {
  it("is shipped with its tracking number, then delivered, and the row says when", async () => {
    const order = await newOrder("shop");
    await expect(
      move(order.id, (tx, locked) =>
        markOrderShipped(tx, locked, { trackingNumber: "Z123", at: new Date() }),
      ),
    ).rejects.toThrow(IllegalTransitionError);
    await move(order.id, (tx, locked) => markOrderPaid(tx, locked, new Date(), "card"));
    const shippedAt = new Date("2026-11-24T09:00:00Z");
    await move(order.id, (tx, locked) =>
      markOrderShipped(tx, locked, { trackingNumber: "Z123", at: shippedAt }),
    );
    const deliveredAt = new Date("2026-11-25T14:00:00Z");
    await move(order.id, (tx, locked) => markOrderDelivered(tx, locked, deliveredAt));
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "delivered", trackingNumber: "Z123", shippedAt, deliveredAt });
    await expect(
      move(order.id, (tx, locked) => markOrderShipped(tx, locked, { trackingNumber: null, at: new Date() })),
    ).rejects.toThrow("order transition delivered -> shipped");
  });

  it("handed over at a branch goes from paid to delivered without a shipment", async () => {
    const order = await newOrder("shop");
    await move(order.id, (tx, locked) => markOrderPaid(tx, locked, new Date(), "card"));
    await move(order.id, (tx, locked) => markOrderDelivered(tx, locked, new Date()));
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "delivered", shippedAt: null, trackingNumber: null });
  });

  it("is the only kind that ships: a paid promotion stays paid", async () => {
    const order = await newOrder("promotion");
    await move(order.id, (tx, locked) => markOrderPaid(tx, locked, new Date(), "card"));
    await expect(
      move(order.id, (tx, locked) => markOrderShipped(tx, locked, { trackingNumber: null, at: new Date() })),
    ).rejects.toThrow("only shop orders ship");
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("paid");
  });
});

describe("the operator's API for shop orders", () => {
  it("ships a paid shop order with its tracking number, then delivers it, each audited", async () => {
    const order = await newOrder("shop");
    await move(order.id, (tx, locked) => markOrderPaid(tx, locked, new Date(), "card"));
    const shipped = await api.call("POST", `/api/admin/orders/${order.id}/shipped`, {
      token: adminToken,
      body: { trackingNumber: "Z-0001" },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.json).toEqual({ id: order.id, status: "shipped" });
    const delivered = await api.call("POST", `/api/admin/orders/${order.id}/delivered`, {
      token: adminToken,
    });
    expect(delivered.json).toEqual({ id: order.id, status: "delivered" });
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "delivered", trackingNumber: "Z-0001" });
    const audits = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["order.delivered", "order.shipped"]);
  });

  it("refuses a customer, an unpaid order and a promotion, and changes nothing", async () => {
    const unpaid = await newOrder("shop");
    const asBuyer = await api.call("POST", `/api/admin/orders/${unpaid.id}/shipped`, { token: buyerToken });
    expect(asBuyer.status).toBe(403);
    const notPaid = await api.call("POST", `/api/admin/orders/${unpaid.id}/shipped`, { token: adminToken });
    expect(notPaid.status).toBe(409);
    expect(notPaid.json.message).toBe("Objednávku v tomto stavu takto změnit nelze.");
    const promotion = await newOrder("promotion");
    await move(promotion.id, (tx, locked) => markOrderPaid(tx, locked, new Date(), "card"));
    const notShop = await api.call("POST", `/api/admin/orders/${promotion.id}/delivered`, {
      token: adminToken,
    });
    expect(notShop.status).toBe(409);
    expect(notShop.json.message).toBe("Odeslat a doručit lze jen objednávku z obchodu.");
    const missing = await api.call("POST", "/api/admin/orders/999999/shipped", { token: adminToken });
    expect(missing.status).toBe(404);
    const rows = await api.db.select({ status: orders.status }).from(orders).where(eq(orders.id, unpaid.id));
    expect(rows[0].status).toBe("awaiting_payment");
  });
});
