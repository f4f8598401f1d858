import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { unwrap } from "#core/result.ts";
import { invoices, orders, paymentEvents, payments, testGatewayPayments } from "#server/db/schema.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import {
  crash,
  createCleanups,
  createCrashServer,
  prepareCrashStorage,
  stopGracefully,
  waitUntil,
  withDatabase,
  withServices,
} from "#server/test/crash-helpers.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { products } from "../listings/tables/products.ts";
import { messages } from "../messages/tables.ts";
import { settings } from "../settings/tables.ts";
import { signTestNotification, TEST_GATEWAY_SIGNATURE_HEADER } from "./gateways.ts";

/**
 * The real server killed with SIGKILL while it processes card payment notifications, then started
 * again on the same data while the gateway redelivers them (gateways deliver at least once): every
 * payment takes effect exactly once. Each order has two payments paid at the gateway (as two
 * starts could before starts were reused), so the crash also falls between a duplicate's refund
 * decision and its refund at the gateway. Embedded engine, and PostgreSQL with TEST_DATABASE_URL.
 */
const cleanups = createCleanups();
afterAll(() => cleanups.run());

const DAY = 24 * 60 * 60 * 1000;
const ORDERS = 24;
const DAYS = 3;

describe("a crash while payment notifications are processed", () => {
  it("pays each order once: one promotion, one tax document, one notice, the duplicate refunded once", async () => {
    const storage = await prepareCrashStorage(cleanups);
    const secret = randomBytes(32).toString("hex");
    const gatewayEnv = { PAYMENTS_TEST_GATEWAY: "true", TEST_GATEWAY_SECRET: secret };

    // Promotion orders of live listings, each with two card payments the payer paid at the
    // gateway; the gateway has not notified the shop yet.
    const setup = await withServices(
      storage,
      async ({ database: { db }, services }) => {
        await db.insert(settings).values({ name: "fees", locale: null, value: FEES });
        const root = await insertCategory(db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
        const category = await insertCategory(db, {
          depth: 2,
          parentId: root.id,
          nameCs: "Rum",
          slugCs: "rum",
        });
        const [seller] = await insertBidders(db, 1);
        const gateway = services.testGateway!;
        const orderIds: number[] = [];
        const gatewayIds: string[] = [];
        for (let i = 0; i < ORDERS; i++) {
          const listing = await insertAuction(db, {
            sellerId: seller.user.id,
            categoryId: category.id,
            auctionDuration: "month",
            activationAt: new Date(Date.now() - DAY),
            endsInMs: 20 * DAY,
          });
          const ordered = await services.payments.orderPromotion(
            { id: seller.user.id, email: seller.user.email, locale: "cs", group: null },
            listing.id,
            DAYS,
            "cs",
          );
          const order = unwrap(ordered);
          const first = unwrap(await services.payments.payByCard(order.id, order.hash, "cs"))
            .split("/")
            .pop()!;
          // The second payment as a second start opened it before starts were reused.
          const second = (
            await gateway.create({
              reference: `legacy-${order.id}`,
              amountMinor: order.totalMinor,
              currencyCode: "CZK",
              description: "Topování",
              returnPath: "/",
              locale: "cs",
            })
          ).providerPaymentId;
          await db.insert(payments).values({
            orderId: order.id,
            method: "card",
            provider: "test",
            providerPaymentId: second,
            status: "pending",
            amountMinor: order.totalMinor,
          });
          orderIds.push(order.id);
          gatewayIds.push(first, second);
        }
        await db
          .update(testGatewayPayments)
          .set({ state: "paid" })
          .where(inArray(testGatewayPayments.id, gatewayIds));
        return { orderIds, gatewayIds, sellerId: seller.user.id };
      },
      gatewayEnv,
    );

    const server = await createCrashServer(storage, cleanups, gatewayEnv);
    /** The gateway's notification of a payment (the same event each time it is redelivered). */
    const notify = async (gatewayId: string) => {
      const body = JSON.stringify({ id: `evt_${gatewayId}`, paymentId: gatewayId });
      const response = await fetch(`${server.origin}/api/payments/webhooks/test`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [TEST_GATEWAY_SIGNATURE_HEADER]: signTestNotification(secret, body),
        },
        body,
      });
      if (response.status !== 200) throw new Error(`notification answered ${response.status}`);
    };

    // Four deliveries at a time; the server is killed once some were answered, others in flight.
    let running = await server.start();
    const queue = [...setup.gatewayIds];
    let answered = 0;
    const delivering = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          try {
            await notify(next);
            answered += 1;
          } catch {
            return; // The server is gone.
          }
        }
      }),
    );
    await waitUntil("the first notifications answered", () => answered >= 6, { timeoutMs: 60_000 });
    await crash(running);
    await delivering;
    expect(answered).toBeLessThan(setup.gatewayIds.length);

    // Restarted: the gateway delivers every notification again, answered or not.
    running = await server.start();
    for (const gatewayId of setup.gatewayIds) await notify(gatewayId);
    await stopGracefully(running);

    await withDatabase(storage, async ({ db }) => {
      const paidOrders = await db.select().from(orders).where(inArray(orders.id, setup.orderIds));
      expect(paidOrders.map((order) => order.status)).toEqual(Array(ORDERS).fill("paid"));
      for (const order of paidOrders) {
        // Topped once: DAYS from the moment it was paid (the listings were not topped before).
        const [listing] = await db
          .select({ toppedUntil: products.toppedUntil })
          .from(products)
          .where(eq(products.id, order.productId!));
        expect(listing.toppedUntil!.getTime()).toBe(order.paidAt!.getTime() + DAYS * DAY);
        expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
        const its = await db.select().from(payments).where(eq(payments.orderId, order.id));
        expect(its.map((payment) => payment.status).sort()).toEqual(["paid", "refunded"]);
        const refunded = its.find((payment) => payment.status === "refunded")!;
        expect(refunded).toMatchObject({ refundReason: "duplicate" });
        expect(refunded.refundedAt).not.toBeNull();
        const atGateway = await db
          .select({ id: testGatewayPayments.id, state: testGatewayPayments.state })
          .from(testGatewayPayments)
          .where(
            inArray(
              testGatewayPayments.id,
              its.map((payment) => payment.providerPaymentId!),
            ),
          );
        expect(atGateway.find((row) => row.id === refunded.providerPaymentId)?.state).toBe("refunded");
        expect(atGateway.filter((row) => row.state === "paid")).toHaveLength(1);
        expect(
          await db
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.action, "payment.refund_duplicate"),
                eq(auditLog.entityId, String(refunded.id)),
              ),
            ),
        ).toHaveLength(1);
      }
      const notices = await db.select().from(messages).where(eq(messages.event, "payment_received"));
      expect(notices).toHaveLength(ORDERS);
      const events = await db.select().from(paymentEvents);
      expect(events).toHaveLength(setup.gatewayIds.length);
      expect(events.every((event) => event.processedAt !== null)).toBe(true);
    });
  }, 240_000);
});
