import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, voucherUsages } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import {
  ADDRESS,
  guest,
  insertVoucher,
  SHOP_ENV,
  SHOP_SETTING,
  sayingShop,
} from "#server/test/shop-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import type { Shopper } from "./index.ts";

/**
 * The whole checkout under concurrency, on both engines (PGlite runs the transactions one after
 * another; PostgreSQL side by side): the stock is never oversold and a voucher's per-user limit
 * holds, whatever order the buyers' transactions commit in.
 */

let api: TestApi;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi(SHOP_ENV);
  await api.services.settings.put("shop", null, SHOP_SETTING);
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(async () => {
  await api?.close();
});

const shop = () => sayingShop(api.services.shop);

/** A guest's cart with one piece, ready for the binding click: the shopper and the total they saw. */
async function readyBuyer(productId: number, price: number, email: string, voucher?: string) {
  const added = await shop().add(guest(), { productId, quantity: 1, seenPriceMinor: price });
  if (added.status !== "ok" || !added.cartToken) throw new Error(JSON.stringify(added));
  const who: Shopper = guest(added.cartToken);
  await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
  await shop().saveDetails(who, { email, phone: "+420777000111", invoice: ADDRESS, sameAddress: true });
  if (voucher) expect(await shop().applyVoucher(who, { code: voucher })).toEqual({ status: "ok" });
  const cart = await shop().cart(who);
  expect(cart.nextStep).toBe("review");
  return { who, total: cart.totals.totalMinor };
}

const place = (who: Shopper, total: number, i: number) =>
  shop().placeOrder(
    who,
    { terms: true, adult: true, seenTotalMinor: total },
    { ip: `10.0.${i >> 8}.${i & 255}`, userAgent: null },
  );

describe("placing orders concurrently", () => {
  it("50 buyers of the last 3 bottles: exactly 3 orders, the stock ends at 0", {
    timeout: 120_000,
  }, async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 3, priceMinor: 250_000 });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await readyBuyer(product.id, 250_000, `kupec${i}@rarita.test`));
    const results = await Promise.all(buyers.map(({ who, total }, i) => place(who, total, i)));
    const placed = results.filter((r) => r.status === "ok");
    expect(placed).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== "ok"))
      expect(refused).toMatchObject({ message: expect.any(String) });
    const [row] = await api.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.stock).toBe(0);
    const made = await api.db.select().from(orders).where(eq(orders.kind, "shop"));
    expect(made.filter((o) => placed.some((p) => p.status === "ok" && p.order.id === o.id))).toHaveLength(3);
  });

  it("one customer's two carts with a voucher of one use each: it is used once", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 10, priceMinor: 40_000 });
    const voucher = await insertVoucher(api.db, {
      code: "JEDINY",
      kind: "fixed",
      value: 5_000,
      usageLimitPerUser: 1,
    });
    const email = "jeden@rarita.test";
    const first = await readyBuyer(product.id, 40_000, email, "JEDINY");
    const second = await readyBuyer(product.id, 40_000, email, "JEDINY");
    const results = await Promise.all([place(first.who, first.total, 1), place(second.who, second.total, 2)]);
    expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
    expect(results.find((r) => r.status !== "ok")).toMatchObject({ message: expect.any(String) });
    const uses = await api.db.select().from(voucherUsages).where(eq(voucherUsages.voucherId, voucher.id));
    expect(uses).toHaveLength(1);
    const [row] = await api.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.stock).toBe(9);
  });
});
