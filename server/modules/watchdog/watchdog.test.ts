import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { users } from "../users/tables.ts";

/**
 * Stock watchdogs beyond the first find (messages.test.ts has it): how the list describes each
 * one, a product told again after it sold out and came back, and nothing for a deleted account;
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

describe("stock watchdogs", () => {
  it("describe what they watch in the reader's language, with a link while it is public", async () => {
    const watcher = await api.createUser();
    const category = await insertCategory(api.db, {
      nameCs: "Whisky",
      nameEn: null,
      slugCs: "whisky-cs",
      slugEn: null,
    });
    const soldOut = await insertProduct(api.db, {
      categoryId: category.id,
      stock: 0,
      nameCs: "Ardbeg",
      nameEn: "Ardbeg EN",
    });
    const ended = await insertProduct(api.db, {
      categoryId: category.id,
      stock: 0,
      nameCs: "Laphroaig",
      nameEn: null,
    });
    const services = api.services.watchdogs;
    const first = await services.create(watcher.user.id, { kind: "product", productId: soldOut.id });
    const second = await services.create(watcher.user.id, { kind: "product", productId: ended.id });
    await services.create(watcher.user.id, { kind: "category", categoryId: category.id, delivery: "daily" });
    await services.create(watcher.user.id, { kind: "search", query: "islay & co" });
    await api.db.update(products).set({ status: "ended" }).where(eq(products.id, ended.id));
    expect(first).toMatchObject({ ok: true, value: { created: true } });
    expect(second).toMatchObject({ ok: true, value: { created: true } });

    const listed = await services.list(watcher.user.id, "en");
    expect(
      listed.map(({ kind, label, url, delivery, waiting, lastNotifiedAt }) => ({
        kind,
        label,
        url,
        delivery,
        waiting,
        lastNotifiedAt,
      })),
    ).toEqual([
      {
        kind: "search",
        label: "islay & co",
        url: "/en/search?q=islay%20%26%20co",
        delivery: "immediate",
        waiting: 0,
        lastNotifiedAt: null,
      },
      {
        kind: "category",
        label: "Whisky",
        url: `/en/${category.id}/whisky-cs`,
        delivery: "daily",
        waiting: 0,
        lastNotifiedAt: null,
      },
      {
        kind: "product",
        label: "Laphroaig",
        url: null,
        delivery: "immediate",
        waiting: 0,
        lastNotifiedAt: null,
      },
      {
        kind: "product",
        label: "Ardbeg EN",
        url: `/en/${soldOut.id}/whisky-cs/${soldOut.slugEn}`,
        delivery: "immediate",
        waiting: 0,
        lastNotifiedAt: null,
      },
    ]);
    expect(await services.forProduct(watcher.user.id, soldOut.id)).toBe(first.ok ? first.value.id : null);
    expect(await services.setDelivery(watcher.user.id, listed[0].id, "weekly")).toBe("invalid");
    expect(await services.setDelivery(watcher.user.id, listed[0].id, "daily")).toBe(true);
    expect(await services.remove(watcher.user.id, listed[0].id)).toBe(true);
    expect(await services.remove(watcher.user.id, listed[0].id)).toBe(false);
    // An inactive category cannot be watched.
    const hidden = await insertCategory(api.db, { isActive: false });
    expect(await services.create(watcher.user.id, { kind: "category", categoryId: hidden.id })).toMatchObject(
      {
        ok: false,
        code: "invalid",
      },
    );
  });

  it("tell a product again once it sold out and came back, and tell a deleted account nothing", async () => {
    const watcher = await api.createUser();
    const gone = await api.createUser();
    const category = await insertCategory(api.db);
    const product = await insertProduct(api.db, { categoryId: category.id, stock: 0 });
    await api.services.watchdogs.create(watcher.user.id, { kind: "product", productId: product.id });
    await api.services.watchdogs.create(gone.user.id, { kind: "product", productId: product.id });
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const start = Date.now() + 1000;
    const restock = (stock: number) =>
      api.db.update(products).set({ stock }).where(eq(products.id, product.id));

    await restock(1);
    expect(await api.services.watchdogs.sweep(new Date(start))).toBe(1);
    expect(await api.services.watchdogs.sweep(new Date(start + 60_000))).toBe(0);
    await restock(0);
    expect(await api.services.watchdogs.sweep(new Date(start + 120_000))).toBe(0);
    await restock(5);
    expect(await api.services.watchdogs.sweep(new Date(start + 180_000))).toBe(1);
    const listed = await api.services.watchdogs.list(watcher.user.id, "cs");
    expect(listed[0].lastNotifiedAt).toBe(new Date(start + 180_000).toISOString());
  });
});
