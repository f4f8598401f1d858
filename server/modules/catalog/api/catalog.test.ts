import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { categories } from "../tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(categories).values([
    {
      id: 1,
      parentId: null,
      depth: 1,
      position: 1,
      slugCs: "alkohol",
      slugEn: "spirits",
      nameCs: "Alkohol",
      nameEn: "Spirits",
    },
    { id: 2, parentId: 1, depth: 2, position: 2, slugCs: "rum", slugEn: "rum", nameCs: "Rum", nameEn: "Rum" },
    {
      id: 3,
      parentId: 1,
      depth: 2,
      position: 1,
      slugCs: "whisky",
      slugEn: "whisky",
      nameCs: "Whisky",
      nameEn: "Whisky",
    },
    {
      id: 4,
      parentId: 2,
      depth: 3,
      position: 1,
      slugCs: "karibik",
      slugEn: null,
      nameCs: "Karibik",
      nameEn: null,
    },
    {
      id: 5,
      parentId: 4,
      depth: 4,
      position: 1,
      slugCs: "jamajka",
      slugEn: "jamaica",
      nameCs: "Jamajka",
      nameEn: "Jamaica",
    },
    {
      id: 6,
      parentId: 5,
      depth: 5,
      position: 1,
      slugCs: "hampden",
      slugEn: "hampden",
      nameCs: "Hampden",
      nameEn: "Hampden",
    },
    {
      id: 7,
      parentId: 1,
      depth: 2,
      position: 3,
      slugCs: "skryta",
      slugEn: "hidden",
      nameCs: "Skrytá",
      nameEn: "Hidden",
      isActive: false,
    },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/catalog/category/{locale}", () => {
  it("returns the active tree, 5 levels deep, localised with Czech fallback", async () => {
    const cs = await api.call("GET", "/api/catalog/category/cs");
    expect(cs.status).toBe(200);
    expect(cs.json).toHaveLength(1);
    const [top] = cs.json;
    expect(top).toMatchObject({ id: 1, slug: "alkohol", name: "Alkohol" });
    expect(top.subcategories.map((c: { id: number }) => c.id)).toEqual([3, 2]);
    const level5 = top.subcategories[1].subcategories[0].subcategories[0].subcategories[0];
    expect(level5).toEqual({ id: 6, slug: "hampden", name: "Hampden", subcategories: [] });

    const en = await api.call("GET", "/api/catalog/category/en");
    const karibik = en.json[0].subcategories[1].subcategories[0];
    expect(karibik).toMatchObject({ id: 4, slug: "karibik", name: "Karibik" });
    expect(karibik.subcategories[0]).toMatchObject({ slug: "jamaica", name: "Jamaica" });
  });

  it("refuses an unknown locale", async () => {
    expect((await api.call("GET", "/api/catalog/category/de")).status).toBe(422);
  });

  it("does not accept a sixth level", async () => {
    await expect(
      api.db.insert(categories).values({ id: 99, parentId: 6, depth: 6, slugCs: "x", nameCs: "X" }),
    ).rejects.toThrow();
  });
});

describe("GET /api/me/advertisements/statistics", () => {
  it("counts the user's own listings only: active, started (live auctions with bids), total", async () => {
    const { user, token } = await api.createUser();
    const { user: other } = await api.createUser();
    const base = { categoryId: 2, nameCs: "Hampden 8", slugCs: "hampden-8", sellerId: user.id } as const;
    await api.db.insert(products).values([
      {
        ...base,
        format: "auction",
        status: "active",
        startPriceMinor: 100_000,
        currentPriceMinor: 120_000,
        bidCount: 2,
      },
      {
        ...base,
        format: "auction",
        status: "active",
        startPriceMinor: 100_000,
        currentPriceMinor: 100_000,
        bidCount: 0,
      },
      { ...base, format: "classified", status: "active", priceMinor: null },
      { ...base, format: "auction", status: "ended", startPriceMinor: 100_000, bidCount: 3 },
      { ...base, format: "classified", status: "awaiting_payment", priceMinor: 50_000 },
      { ...base, sellerId: other.id, format: "classified", status: "active", priceMinor: 10_000 },
    ]);
    const response = await api.call("GET", "/api/me/advertisements/statistics", { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ active: 3, started: 1, total: 5 });
  });

  it("answers 401 without a token", async () => {
    expect((await api.call("GET", "/api/me/advertisements/statistics")).status).toBe(401);
  });
});
