import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { banners, blogCategories, blogPosts } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  const day = 24 * 3600 * 1000;
  await api.db.insert(banners).values([
    {
      groupKey: "banner.promo",
      locale: "cs",
      title: "Letní aukce",
      url: "/denni-aukce",
      path: "/uploads/banners",
      image: "promo-cs.svg",
      position: 2,
    },
    {
      groupKey: "banner.promo",
      locale: "cs",
      title: "Nové rumy",
      url: null,
      path: "/uploads/banners",
      image: "rum-cs.svg",
      position: 1,
    },
    {
      groupKey: "banner.promo",
      locale: "en",
      title: "Summer auction",
      url: "/en/daily-auctions",
      path: "/uploads/banners",
      image: "promo-en.svg",
    },
    {
      groupKey: "banner.popup_desktop",
      locale: "cs",
      title: "Vítejte",
      url: "/registrace",
      path: "/uploads/banners",
      image: "popup.svg",
    },
    {
      groupKey: "banner.promo",
      locale: "cs",
      title: "Vypnutý",
      path: "/uploads/banners",
      image: "off.svg",
      isActive: false,
    },
    {
      groupKey: "banner.promo",
      locale: "cs",
      title: "Skončený",
      path: "/uploads/banners",
      image: "old.svg",
      activeTo: new Date(Date.now() - day),
    },
    {
      groupKey: "banner.promo",
      locale: "cs",
      title: "Budoucí",
      path: "/uploads/banners",
      image: "future.svg",
      activeFrom: new Date(Date.now() + day),
    },
  ]);
  const [news, tips] = await api.db
    .insert(blogCategories)
    .values([
      { slugCs: "novinky", slugEn: "news", nameCs: "Novinky", nameEn: "News", position: 1 },
      { slugCs: "rady", slugEn: null, nameCs: "Rady sběratelům", nameEn: null, position: 2 },
    ])
    .returning();
  await api.db.insert(blogPosts).values([
    { categoryId: news.id, slugCs: "a", titleCs: "A", publishedAt: new Date(Date.now() - day) },
    { categoryId: news.id, slugCs: "b", titleCs: "B", publishedAt: new Date(Date.now() - 2 * day) },
    { categoryId: news.id, slugCs: "draft", titleCs: "Koncept", publishedAt: null },
    { categoryId: tips.id, slugCs: "c", titleCs: "C", publishedAt: new Date(Date.now() + day) },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/poster?lang=", () => {
  it("groups the language's active banners by key, in position order, every group present", async () => {
    const response = await api.call("GET", "/api/poster?lang=cs");
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual([
      "banner.popup_desktop",
      "banner.popup_mobile",
      "banner.promo",
    ]);
    expect(response.json["banner.promo"].map((b: { title: string }) => b.title)).toEqual([
      "Nové rumy",
      "Letní aukce",
    ]);
    expect(response.json["banner.promo"][1]).toEqual({
      id: expect.any(Number),
      title: "Letní aukce",
      url: "/denni-aukce",
      path: "/uploads/banners",
      image: "promo-cs.svg",
    });
    expect(response.json["banner.popup_mobile"]).toEqual([]);
    const en = await api.call("GET", "/api/poster?lang=en");
    expect(en.json["banner.promo"].map((b: { title: string }) => b.title)).toEqual(["Summer auction"]);
  });

  it("refuses an unknown language", async () => {
    expect((await api.call("GET", "/api/poster?lang=xx")).status).toBe(422);
  });
});

describe("GET /api/blog/categories/list", () => {
  it("lists categories with published post counts, in the request's language with Czech fallback", async () => {
    const cs = await api.call("GET", "/api/blog/categories/list");
    expect(cs.status).toBe(200);
    expect(cs.json).toEqual([
      { id: expect.any(Number), slug: "novinky", name: "Novinky", posts_count: 2 },
      { id: expect.any(Number), slug: "rady", name: "Rady sběratelům", posts_count: 0 },
    ]);
    const en = await api.call("GET", "/api/blog/categories/list?lang=en");
    expect(en.json.map((c: { slug: string; name: string }) => [c.slug, c.name])).toEqual([
      ["news", "News"],
      ["rady", "Rady sběratelům"],
    ]);
  });
});
