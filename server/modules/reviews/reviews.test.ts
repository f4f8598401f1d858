import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";
import { users } from "../users/tables.ts";

/**
 * The reviews page's lists (issue 7): the deals still to rate and the reviews received, as the
 * reviews service builds them from the sold products and the people on both sides; on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

describe("deals and received reviews", () => {
  it("list the deals to rate newest sale first, without deleted counterparts or rated deals", async () => {
    const category = await insertCategory(api.db, { slugCs: "rumy", slugEn: "rums" });
    const me = await api.createUser();
    const [a, b, c, d] = [
      await api.createUser(),
      await api.createUser(),
      await api.createUser(),
      await api.createUser(),
    ];
    const sold = (overrides: Parameters<typeof insertProduct>[1]) =>
      insertProduct(api.db, { format: "classified", status: "sold", ...overrides });
    const older = await sold({
      categoryId: category.id,
      sellerId: me.user.id,
      winnerId: a.user.id,
      nameCs: "Starší",
      nameEn: null,
      endedAt: new Date("2024-01-01T10:00:00Z"),
    });
    const newer = await sold({
      categoryId: category.id,
      sellerId: me.user.id,
      winnerId: b.user.id,
      nameCs: "Novější",
      nameEn: "Newer",
      endedAt: new Date("2024-02-01T10:00:00Z"),
    });
    await insertProductImage(api.db, newer.id, {
      path: "/uploads/products/x/",
      fileName: "b.webp",
      position: 1,
    });
    await insertProductImage(api.db, newer.id, {
      path: "/uploads/products/x//",
      fileName: "a.webp",
      position: 0,
    });
    const bought = await sold({
      categoryId: category.id,
      sellerId: c.user.id,
      winnerId: me.user.id,
      nameCs: "Koupené",
      nameEn: null,
      endedAt: null,
    });
    const gone = await sold({
      categoryId: category.id,
      sellerId: me.user.id,
      winnerId: d.user.id,
      endedAt: new Date("2024-03-01T10:00:00Z"),
    });
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, d.user.id));
    // Neither a listing still for sale nor a product the user sold to themselves is a deal.
    await insertProduct(api.db, { categoryId: category.id, format: "classified", sellerId: me.user.id });
    await sold({ categoryId: category.id, sellerId: me.user.id, winnerId: me.user.id });

    const pending = await api.services.reviews.pending(me.user.id, "en");
    expect(pending).toEqual([
      {
        productId: newer.id,
        productName: "Newer",
        productUrl: `/en/${newer.id}/rums/${newer.slugEn}`,
        image: "/uploads/products/x/a.webp",
        role: "seller",
        counterpart: { id: b.user.id, username: b.user.username },
        soldAt: "2024-02-01T10:00:00.000Z",
      },
      {
        productId: older.id,
        productName: "Starší",
        productUrl: `/en/${older.id}/rums/${older.slugEn}`,
        image: null,
        role: "seller",
        counterpart: { id: a.user.id, username: a.user.username },
        soldAt: "2024-01-01T10:00:00.000Z",
      },
      {
        productId: bought.id,
        productName: "Koupené",
        productUrl: `/en/${bought.id}/rums/${bought.slugEn}`,
        image: null,
        role: "buyer",
        counterpart: { id: c.user.id, username: c.user.username },
        soldAt: null,
      },
    ]);
    expect(await api.services.reviews.deal(me.user.id, gone.id, "cs")).toBeNull();
    expect((await api.services.reviews.deal(me.user.id, older.id, "cs"))?.productUrl).toBe(
      `/${older.id}/rumy/${older.slugCs}`,
    );

    // Rated deals leave the list; the rated users received the reviews.
    expect(
      await api.services.reviews.give(me.user.id, { productId: newer.id, stars: 5 }, "cs"),
    ).toMatchObject({ ok: true });
    expect(
      await api.services.reviews.give(
        a.user.id,
        { productId: older.id, stars: 3, comment: " Pomalé " },
        "cs",
      ),
    ).toMatchObject({ ok: true });
    expect(
      await api.services.reviews.give(c.user.id, { productId: bought.id, stars: 4 }, "cs"),
    ).toMatchObject({ ok: true });
    expect((await api.services.reviews.pending(me.user.id, "cs")).map((deal) => deal.productId)).toEqual([
      older.id,
      bought.id,
    ]);
    expect(await api.services.reviews.reviewedDeals(me.user.id, [newer.id, older.id, 0])).toEqual(
      new Set([newer.id]),
    );

    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, c.user.id));
    const received = await api.services.reviews.received(me.user.id, "en");
    expect(received.map(({ createdAt: _, id: __, ...review }) => review)).toEqual([
      {
        stars: 4,
        comment: null,
        reply: null,
        author: null,
        productName: "Koupené",
      },
      {
        stars: 3,
        comment: "Pomalé",
        reply: null,
        author: { id: a.user.id, username: a.user.username },
        productName: "Starší",
      },
    ]);
    expect(await api.services.reviews.rating(me.user.id)).toEqual({ average: 3.5, count: 2 });
  });
});
