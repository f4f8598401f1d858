import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orders } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

/**
 * A shop order's tax document by the order's id and hash (`orders.invoiceByOrder`, the public
 * `/shrnuti/:id/:hash/doklad`): with both it is the document as issued; a wrong or malformed
 * hash, another order's id or a credit note give nothing.
 */

let api: TestApi;
const HASH = "0123456789abcdef0123456789abcdef";
let orderId: number;

beforeAll(async () => {
  api = await createTestApi();
  const [order] = await api.db
    .insert(orders)
    .values({
      hash: HASH,
      kind: "shop",
      status: "paid",
      email: "host@example.cz",
      subtotalMinor: 74_900,
      totalMinor: 82_800,
      deliveryMinor: 7_900,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  orderId = order.id;
  await api.db.insert(invoices).values([
    { number: "2026000901", orderId, payload: { number: "2026000901", orderId } },
    { number: "2026000902", kind: "credit_note", orderId, payload: { number: "2026000902", orderId } },
  ]);
});
afterAll(() => api?.close());

describe("a shop order's tax document by id and hash", () => {
  it("is the issued document with both, and nothing otherwise", async () => {
    const byOrder = api.services.orders.invoiceByOrder;
    expect(await byOrder(orderId, HASH)).toEqual({ number: "2026000901", orderId });
    expect(await byOrder(orderId, HASH.replace(/^0/, "1"))).toBeNull();
    expect(await byOrder(orderId, HASH.toUpperCase())).toBeNull();
    expect(await byOrder(orderId, "' or 1=1 --")).toBeNull();
    expect(await byOrder(orderId + 1, HASH)).toBeNull();
    expect(await byOrder(0, HASH)).toBeNull();
    expect(await byOrder(2 ** 31, HASH)).toBeNull();
  });
});
