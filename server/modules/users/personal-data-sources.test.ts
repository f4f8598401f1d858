import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import type { DataSubject, PersonalDataSource } from "#server/lib/personal-data.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { createAuthPersonalData } from "../auth/index.ts";
import { sessions } from "../auth/tables.ts";
import { createBiddingPersonalData } from "../bidding/index.ts";
import { bids } from "../bidding/tables.ts";
import { createAccountListingReads } from "../listing-reads/index.ts";
import { createListingsPersonalData } from "../listings/index.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { createMessagesPersonalData } from "../messages/index.ts";
import { messages, messageThreads, userBlocks } from "../messages/tables.ts";
import { createNewsletterPersonalData } from "../newsletter/index.ts";
import { subscribers } from "../newsletter/tables.ts";
import { createOrdersPersonalData } from "../orders/index.ts";
import { createReviewsPersonalData } from "../reviews/index.ts";
import { reviews } from "../reviews/tables.ts";
import { createWatchdogPersonalData } from "../watchdog/index.ts";
import { stockWatchdogs } from "../watchdog/tables.ts";
import { createWishlistPersonalData } from "../wishlist/index.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { users } from "./tables.ts";

/**
 * Each module's PersonalDataSource (server/lib/personal-data.ts) on its own: the export shows the
 * subject's rows and nobody else's, the erasure does to them what deleting the account does, inside
 * the given transaction, and leaves other accounts alone. The composed export and deletion are
 * account-data.test.ts's.
 */

let database: TestDatabase;
let db: Db;
let categoryId: number;
let counter = 0;
const at = new Date("2026-06-01T10:00:00Z");

async function account(email?: string) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: email ?? `osoba${counter}@example.cz`,
      username: `osoba.${counter}`,
      passwordHash: "x",
    })
    .returning();
  return { userId: row.id, email: row.email } satisfies DataSubject;
}

const auction = (sellerId: number, overrides: Parameters<typeof insertProduct>[1] | object = {}) =>
  insertProduct(db, {
    categoryId,
    format: "auction",
    sellerId,
    startPriceMinor: 10_000,
    priceMinor: null,
    ...overrides,
  });

/** Erases inside a transaction, as the deletion does; what the source answered for the audit record. */
const erase = (source: PersonalDataSource, subject: DataSubject) =>
  db.transaction((tx) => source.eraseFor(tx, { ...subject, at }));

const productNames = (ids: number[]) => createAccountListingReads(db).productNames(ids);

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  categoryId = (await insertCategory(db)).id;
});
afterAll(() => database?.dispose());

describe("listings", () => {
  it("exports the listings and won auctions; erasing cancels the unfinished ones and says which", async () => {
    const seller = await account();
    const winner = await account();
    const draft = await auction(seller.userId, { status: "draft" });
    const won = await auction(seller.userId, {
      status: "sold",
      winnerId: winner.userId,
      currentPriceMinor: 12_000,
    });
    const classified = await insertProduct(db, { categoryId, format: "classified", sellerId: seller.userId });
    const source = createListingsPersonalData(db);
    const exported = await source.exportFor(seller);
    expect((exported.listings as { id: number }[]).map((row) => row.id)).toEqual([
      draft.id,
      won.id,
      classified.id,
    ]);
    expect(exported.wonAuctions).toEqual([]);
    expect((await source.exportFor(winner)).wonAuctions).toEqual([
      { productId: won.id, productName: won.nameCs, priceMinor: 12_000, endedAt: null },
    ]);
    const done = (await erase(source, seller)) as { cancelledListings: number[] };
    expect([...done.cancelledListings].sort((x, y) => x - y)).toEqual([draft.id, classified.id]);
    const statuses = await db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.sellerId, seller.userId))
      .orderBy(products.id);
    expect(statuses).toEqual([
      { id: draft.id, status: "cancelled" },
      { id: won.id, status: "sold" },
      { id: classified.id, status: "cancelled" },
    ]);
    const changes = await db
      .select()
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, draft.id));
    expect(changes).toEqual([
      expect.objectContaining({
        fromStatus: "draft",
        toStatus: "cancelled",
        actorId: seller.userId,
        reason: "account_deleted",
      }),
    ]);
  });
});

describe("bidding", () => {
  it("exports the bids with the listings' names and keeps them on erasure", async () => {
    const bidder = await account();
    const other = await account();
    const product = await auction((await account()).userId, { status: "active" });
    await db.insert(bids).values([
      { productId: product.id, userId: bidder.userId, amountMinor: 11_000 },
      { productId: product.id, userId: other.userId, amountMinor: 12_000 },
    ]);
    const source = createBiddingPersonalData(db, { productNames });
    const { bids: exported } = await source.exportFor(bidder);
    expect(exported).toEqual([
      expect.objectContaining({ productId: product.id, productName: product.nameCs, amountMinor: 11_000 }),
    ]);
    expect(Object.keys((exported as object[])[0])).toEqual([
      "id",
      "productId",
      "productName",
      "amountMinor",
      "maxAmountMinor",
      "isAutomatic",
      "createdAt",
    ]);
    expect(await erase(source, bidder)).toBeUndefined();
    expect(await db.select().from(bids).where(eq(bids.userId, bidder.userId))).toHaveLength(1);
  });
});

describe("wishlist", () => {
  it("exports the wishlist's items and removes the wishlist", async () => {
    const owner = await account();
    const other = await account();
    const product = await insertProduct(db, { categoryId });
    for (const subject of [owner, other]) {
      const [list] = await db.insert(wishlists).values({ userId: subject.userId }).returning();
      await db.insert(wishlistItems).values({ wishlistId: list.id, productId: product.id, note: "Dárek" });
    }
    const source = createWishlistPersonalData(db, { productNames });
    expect((await source.exportFor(owner)).wishlist).toEqual([
      { productId: product.id, productName: product.nameCs, note: "Dárek", createdAt: expect.any(Date) },
    ]);
    await erase(source, owner);
    expect(await db.select().from(wishlists).where(eq(wishlists.userId, owner.userId))).toEqual([]);
    expect(await db.select().from(wishlists).where(eq(wishlists.userId, other.userId))).toHaveLength(1);
    expect((await source.exportFor(owner)).wishlist).toEqual([]);
  });
});

describe("watchdog", () => {
  it("exports the watchdogs and removes them", async () => {
    const owner = await account();
    const other = await account();
    await db.insert(stockWatchdogs).values([
      { userId: owner.userId, kind: "search", query: "rum" },
      { userId: other.userId, kind: "search", query: "rum" },
    ]);
    const source = createWatchdogPersonalData(db);
    expect((await source.exportFor(owner)).watchdogs).toEqual([
      expect.objectContaining({ kind: "search", query: "rum", productId: null, delivery: "immediate" }),
    ]);
    await erase(source, owner);
    expect((await source.exportFor(owner)).watchdogs).toEqual([]);
    expect((await source.exportFor(other)).watchdogs).toHaveLength(1);
  });
});

describe("newsletter", () => {
  it("exports and removes the subscriptions of the account and of its address", async () => {
    const owner = await account();
    const other = await account();
    await db.insert(subscribers).values([
      { email: `jina-${owner.userId}@example.cz`, userId: owner.userId },
      // Subscribed by address before the account existed, in other letter case.
      { email: owner.email.toUpperCase() },
      { email: other.email, userId: other.userId },
    ]);
    const source = createNewsletterPersonalData(db);
    const exported = (await source.exportFor(owner)).newsletterSubscriptions as { email: string }[];
    expect(exported.map((row) => row.email).sort()).toEqual(
      [`jina-${owner.userId}@example.cz`, owner.email.toUpperCase()].sort(),
    );
    await erase(source, owner);
    expect((await source.exportFor(owner)).newsletterSubscriptions).toEqual([]);
    expect((await source.exportFor(other)).newsletterSubscriptions).toHaveLength(1);
  });
});

describe("messages", () => {
  it("exports the messages the user wrote, keeps them on erasure and removes the blocks either way", async () => {
    const writer = await account();
    const other = await account();
    const bystander = await account();
    const [thread] = await db.insert(messageThreads).values({ kind: "conversation" }).returning();
    await db.insert(messages).values([
      { threadId: thread.id, senderId: writer.userId, body: "Dobrý den" },
      { threadId: thread.id, senderId: other.userId, body: "Zdravím" },
    ]);
    await db.insert(userBlocks).values([
      { blockerId: writer.userId, blockedId: other.userId },
      { blockerId: bystander.userId, blockedId: writer.userId },
      { blockerId: bystander.userId, blockedId: other.userId },
    ]);
    const source = createMessagesPersonalData(db);
    expect((await source.exportFor(writer)).messagesSent).toEqual([
      {
        id: expect.any(Number),
        threadId: thread.id,
        productId: null,
        body: "Dobrý den",
        createdAt: expect.any(Date),
      },
    ]);
    await erase(source, writer);
    expect((await source.exportFor(writer)).messagesSent).toHaveLength(1);
    expect(await db.select().from(userBlocks)).toEqual([
      expect.objectContaining({ blockerId: bystander.userId, blockedId: other.userId }),
    ]);
  });
});

describe("reviews", () => {
  it("exports the reviews written and received with the user's role, and keeps them", async () => {
    const seller = await account();
    const buyer = await account();
    const product = await auction(seller.userId, { status: "sold" });
    await db.insert(reviews).values([
      { productId: product.id, authorId: buyer.userId, subjectId: seller.userId, stars: 5, comment: "Super" },
      { productId: product.id, authorId: seller.userId, subjectId: buyer.userId, stars: 4 },
    ]);
    const source = createReviewsPersonalData(db);
    const exported = (await source.exportFor(seller)).reviews as { role: string; stars: number }[];
    expect(exported.map((row) => [row.role, row.stars])).toEqual([
      ["subject", 5],
      ["author", 4],
    ]);
    expect(await erase(source, seller)).toBeUndefined();
    expect((await source.exportFor(seller)).reviews).toHaveLength(2);
  });
});

describe("payments", () => {
  it("exports the orders and keeps them (accounting records)", async () => {
    const buyer = await account();
    await db.insert(orders).values({
      hash: `h-${buyer.userId}`,
      userId: buyer.userId,
      kind: "shop",
      email: buyer.email,
      totalMinor: 50_000,
    });
    const source = createOrdersPersonalData(db);
    expect((await source.exportFor(buyer)).orders).toEqual([
      expect.objectContaining({ kind: "shop", status: "new", totalMinor: 50_000, currencyCode: "CZK" }),
    ]);
    await erase(source, buyer);
    expect((await source.exportFor(buyer)).orders).toHaveLength(1);
  });
});

describe("auth", () => {
  it("exports the sessions without their tokens; erasing ends them and forgets where they came from", async () => {
    const owner = await account();
    const other = await account();
    const earlier = new Date("2026-05-01T10:00:00Z");
    const expiresAt = new Date("2026-07-01T10:00:00Z");
    await db.insert(sessions).values([
      {
        userId: owner.userId,
        tokenHash: `a${owner.userId}`,
        expiresAt,
        ip: "10.0.0.1",
        userAgent: "Firefox",
      },
      { userId: owner.userId, tokenHash: `b${owner.userId}`, expiresAt, revokedAt: earlier, ip: "10.0.0.2" },
      { userId: other.userId, tokenHash: `c${other.userId}`, expiresAt, ip: "10.0.0.3" },
    ]);
    const source = createAuthPersonalData(db);
    const exported = (await source.exportFor(owner)).sessions as Record<string, unknown>[];
    expect(exported).toHaveLength(2);
    expect(Object.keys(exported[0]).sort()).toEqual([
      "createdAt",
      "expiresAt",
      "ip",
      "lastUsedAt",
      "revokedAt",
      "userAgent",
    ]);
    await erase(source, owner);
    const rows = await db
      .select({ revokedAt: sessions.revokedAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, owner.userId))
      .orderBy(sessions.id);
    // An ended session keeps its own end; a live one ends at the deletion.
    expect(rows.map((row) => row.revokedAt?.toISOString())).toEqual([
      at.toISOString(),
      earlier.toISOString(),
    ]);
    expect(rows.every((row) => row.ip === null && row.userAgent === null)).toBe(true);
    const [untouched] = await db
      .select({ revokedAt: sessions.revokedAt, ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, other.userId));
    expect(untouched).toEqual({ revokedAt: null, ip: "10.0.0.3" });
  });
});

describe("the sources in a rolled-back deletion", () => {
  it("undo their erasure with the transaction", async () => {
    const owner = await account();
    await db.insert(stockWatchdogs).values({ userId: owner.userId, kind: "search", query: "doutník" });
    const source = createWatchdogPersonalData(db);
    await expect(
      db.transaction(async (tx) => {
        await source.eraseFor(tx, { ...owner, at });
        throw new Error("refused later");
      }),
    ).rejects.toThrow("refused later");
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockWatchdogs)
      .where(eq(stockWatchdogs.userId, owner.userId));
    expect(n).toBe(1);
  });
});
