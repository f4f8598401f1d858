import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { users } from "../users/tables.ts";

/**
 * The inbox's rows as the messages service assembles them from its threads, the products they are
 * about and the people in them; on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

describe("the inbox", () => {
  it("shows each thread's product (price, picture, public link) and the other person, gone or not", async () => {
    const category = await insertCategory(api.db, { slugCs: "rum-cs", slugEn: "rum-en" });
    const buyer = await api.createUser();
    const seller = await api.createUser({ avatarFileName: "me.webp" });
    const leaver = await api.createUser();
    const auction = await insertProduct(api.db, {
      categoryId: category.id,
      format: "auction",
      sellerId: seller.user.id,
      nameCs: "Aukce",
      nameEn: null,
      priceMinor: null,
      startPriceMinor: 10_000,
      currentPriceMinor: 25_000,
      bidCount: 2,
    });
    await insertProductImage(api.db, auction.id, { path: "/uploads/a/", fileName: "1.webp" });
    const classified = await insertProduct(api.db, {
      categoryId: category.id,
      format: "classified",
      sellerId: leaver.user.id,
      nameCs: "Inzerát",
      nameEn: "Classified",
      priceMinor: null,
    });
    const start = (productId: number, sellerId: number) =>
      api.services.messages.startThread({ productId, sellerId, userId: buyer.user.id, body: "Dobrý den" });
    const first = await start(auction.id, seller.user.id);
    const second = await start(classified.id, leaver.user.id);
    if (first.status !== "ok" || second.status !== "ok") throw new Error("threads not started");
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.user.id));
    await api.db.update(products).set({ status: "draft" }).where(eq(products.id, classified.id));

    const page = await api.services.messages.threads(buyer.user.id, {}, "en");
    expect(page.items.map(({ last, ...item }) => ({ ...item, mine: last?.mine }))).toEqual([
      {
        id: second.threadId,
        kind: "conversation",
        role: "buyer",
        product: {
          id: classified.id,
          name: "Classified",
          url: null,
          image: null,
          format: "classified",
          status: "draft",
          priceMinor: null,
          sellerId: leaver.user.id,
        },
        other: { id: leaver.user.id, username: null, avatarFileName: null },
        unread: 0,
        blocked: false,
        mine: true,
      },
      {
        id: first.threadId,
        kind: "conversation",
        role: "buyer",
        product: {
          id: auction.id,
          name: "Aukce",
          url: `/en/${auction.id}/rum-en/${auction.slugEn}`,
          image: "/uploads/a/1.webp",
          format: "auction",
          status: "active",
          priceMinor: 25_000,
          sellerId: seller.user.id,
        },
        other: { id: seller.user.id, username: seller.user.username, avatarFileName: "me.webp" },
        unread: 0,
        blocked: false,
        mine: true,
      },
    ]);
    const view = await api.services.messages.thread(buyer.user.id, second.threadId, "cs");
    expect([view?.canReply, view?.deal, view?.product?.name]).toEqual([
      false,
      { done: false, canReview: false, reviewed: false, canMarkSold: false },
      "Inzerát",
    ]);
    expect(await api.services.messages.send(buyer.user.id, second.threadId, "Haló?")).toMatchObject({
      ok: false,
    });
  });

  it("lists the users one blocked in the database's order of names", async () => {
    const me = await api.createUser();
    const others = [
      await api.createUser({ username: `zeta${Date.now() % 1000}` }),
      await api.createUser({ username: `Alfa${Date.now() % 1000}` }),
      await api.createUser({ username: `beta${Date.now() % 1000}` }),
    ];
    for (const other of others)
      expect(await api.services.messages.block(me.user.id, other.user.id)).toBe(true);
    expect(await api.services.messages.block(me.user.id, me.user.id)).toBe(false);
    expect(await api.services.messages.block(me.user.id, 2_000_000_000)).toBe(false);
    const expected = await api.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        inArray(
          users.id,
          others.map((other) => other.user.id),
        ),
      )
      .orderBy(asc(users.username));
    expect(await api.services.messages.blockedUsers(me.user.id)).toEqual(expected);
  });
});
