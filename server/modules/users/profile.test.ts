import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct } from "#server/test/fixtures.ts";
import { reviews } from "../reviews/tables.ts";
import { users } from "./tables.ts";

let api: TestApi;
let seller: typeof users.$inferSelect;
let buyer: typeof users.$inferSelect;
let other: typeof users.$inferSelect;
let catalog: Awaited<ReturnType<typeof insertCatalogFixture>>;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  api = await createTestApi();
  catalog = await insertCatalogFixture(api.db);
  seller = (
    await api.createUser({
      username: "RumovyKabinet",
      verifiedAt: new Date(),
      createdAt: new Date(Date.now() - 800 * DAY),
    })
  ).user;
  buyer = (await api.createUser({ username: "SberatelKarel" })).user;
  other = (await api.createUser({ username: "jana" })).user;
  const category = catalog.categories.jamaica.id;
  const soldA = await insertProduct(api.db, {
    categoryId: category,
    format: "auction",
    sellerId: seller.id,
    status: "sold",
    priceMinor: null,
    startPriceMinor: 100_000,
    nameCs: "Caroni 1998",
    nameEn: "Caroni 1998 EN",
    slugCs: "caroni-1998",
    slugEn: "caroni-1998-en",
  });
  const soldB = await insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    sellerId: seller.id,
    status: "sold",
  });
  const expired = await insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    sellerId: seller.id,
    status: "expired",
  });
  await insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    sellerId: seller.id,
    status: "active",
  });
  await insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    sellerId: seller.id,
    status: "active",
  });
  await insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    sellerId: seller.id,
    status: "draft",
  });
  await api.db.insert(reviews).values([
    {
      productId: soldA.id,
      authorId: buyer.id,
      subjectId: seller.id,
      stars: 5,
      comment: "Výborné",
      createdAt: new Date(Date.now() - 3 * DAY),
    },
    {
      productId: soldB.id,
      authorId: other.id,
      subjectId: seller.id,
      stars: 3,
      comment: "Pomalé",
      reply: "Omlouvám se",
      repliedAt: new Date(Date.now() - DAY),
      createdAt: new Date(Date.now() - 2 * DAY),
    },
    {
      productId: expired.id,
      authorId: buyer.id,
      subjectId: seller.id,
      stars: 4,
      createdAt: new Date(Date.now() - DAY),
    },
    { productId: soldA.id, authorId: seller.id, subjectId: buyer.id, stars: 5, comment: "Rychlá platba" },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("publicProfile", () => {
  it("shows the seller's public figures and reviews, newest first", async () => {
    const profile = await api.services.profiles.publicProfile(seller.id, "cs");
    expect(profile).toMatchObject({
      id: seller.id,
      username: "RumovyKabinet",
      verified: true,
      ratingAverage: 4,
      ratingCount: 3,
      ratingDistribution: [1, 1, 1, 0, 0],
      activeAdverts: 2,
      soldCount: 2,
    });
    expect(profile!.memberSince).toBe(seller.createdAt.toISOString());
    expect(profile!.reviews.map((review) => review.stars)).toEqual([4, 3, 5]);
    expect(profile!.reviews[1]).toMatchObject({
      comment: "Pomalé",
      reply: "Omlouvám se",
      author: { id: other.id, username: "jana" },
    });
    expect(profile!.reviews[2].product).toMatchObject({
      name: "Caroni 1998",
      url: expect.stringMatching(/^\/\d+\/jamajka\/caroni-1998$/),
    });
    // An expired (never public) listing is not linked.
    expect(profile!.reviews[0].product).toBeNull();
    // Nothing private.
    const json = JSON.stringify(profile);
    expect(json).not.toContain("@example.cz");
    expect(json).not.toContain("Novák");
    expect(json).not.toContain("passwordHash");
  });

  it("speaks English", async () => {
    const profile = await api.services.profiles.publicProfile(seller.id, "en");
    expect(profile!.reviews[2].product).toMatchObject({
      name: "Caroni 1998 EN",
      url: expect.stringMatching(/^\/en\/\d+\/jamajka\/caroni-1998-en$/),
    });
  });

  it("shows a user without reviews", async () => {
    const profile = await api.services.profiles.publicProfile(other.id, "cs");
    expect(profile).toMatchObject({
      ratingAverage: null,
      ratingCount: 0,
      reviews: [],
      activeAdverts: 0,
      verified: false,
    });
  });

  it("limits the reviews", async () => {
    const profile = await api.services.profiles.publicProfile(seller.id, "cs", { reviewLimit: 1 });
    expect(profile!.reviews).toHaveLength(1);
    expect(profile!.ratingCount).toBe(3);
  });

  it("hides unknown, blocked and deleted accounts, and the author of a review whose account is gone", async () => {
    expect(await api.services.profiles.publicProfile(987_654, "cs")).toBeNull();
    expect(await api.services.profiles.publicProfile(0, "cs")).toBeNull();
    const blocked = (await api.createUser({ username: "blokovany" })).user;
    await api.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    expect(await api.services.profiles.publicProfile(blocked.id, "cs")).toBeNull();
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
    expect(await api.services.profiles.publicProfile(other.id, "cs")).toBeNull();
    const profile = await api.services.profiles.publicProfile(seller.id, "cs");
    expect(profile!.reviews[1].author).toBeNull();
    await api.db.update(users).set({ deletedAt: null }).where(eq(users.id, other.id));
  });
});
