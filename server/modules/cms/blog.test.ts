import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { blogCategories, blogPosts, infoPages } from "./tables.ts";

let api: TestApi;
const DAY = 24 * 3600 * 1000;
const now = new Date();
let rumCategory: number;
let cigarCategory: number;
let ids: Record<string, number>;

beforeAll(async () => {
  api = await createTestApi();
  const cats = await api.db
    .insert(blogCategories)
    .values([
      { slugCs: "rum", slugEn: "rum", nameCs: "Rum", nameEn: "Rum", position: 0 },
      { slugCs: "doutniky", slugEn: null, nameCs: "Doutníky", nameEn: null, position: 1 },
    ])
    .returning();
  rumCategory = cats[0].id;
  cigarCategory = cats[1].id;
  const post = (
    key: string,
    daysAgo: number | null,
    categoryId: number | null,
    extra: Partial<typeof blogPosts.$inferInsert> = {},
  ) => ({
    slugCs: `clanek-${key}`,
    slugEn: `article-${key}`,
    titleCs: `Článek ${key}`,
    titleEn: `Article ${key}`,
    perexCs: `Perex ${key}`,
    perexEn: `Perex EN ${key}`,
    bodyCs: `<p>Tělo ${key}</p>`,
    bodyEn: `<p>Body ${key}</p>`,
    image: `/uploads/blog/${key}.svg`,
    authorName: "Petr",
    categoryId,
    publishedAt: daysAgo === null ? null : new Date(now.getTime() - daysAgo * DAY),
    ...extra,
  });
  const rows = await api.db
    .insert(blogPosts)
    .values([
      post("a", 1, rumCategory),
      post("b", 2, cigarCategory, { slugEn: null, titleEn: null, perexEn: null, bodyEn: null }),
      post("c", 3, rumCategory),
      post("d", 4, null),
      post("draft", null, rumCategory),
      post("future", -2, rumCategory),
    ])
    .returning({ id: blogPosts.id, slugCs: blogPosts.slugCs });
  ids = Object.fromEntries(rows.map((row) => [row.slugCs.replace("clanek-", ""), row.id]));
  await api.db.insert(infoPages).values([
    {
      id: 901,
      slugCs: "obchodni-podminky",
      slugEn: "terms-and-conditions",
      titleCs: "Obchodní podmínky",
      titleEn: "Terms",
      publishedAt: now,
    },
    { id: 902, slugCs: "gdpr", slugEn: null, titleCs: "GDPR", titleEn: null, publishedAt: now },
    // Never published: not on the site, nor in the sitemap.
    { id: 903, slugCs: "pripravujeme", slugEn: null, titleCs: "Připravujeme", titleEn: null },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("listPosts", () => {
  it("lists published articles newest first, never drafts or future ones", async () => {
    const page = await api.services.blog.listPosts({ locale: "cs", now });
    expect(page.items.map((item) => item.slug)).toEqual(["clanek-a", "clanek-b", "clanek-c", "clanek-d"]);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(page.items[0]).toMatchObject({
      id: ids.a,
      title: "Článek a",
      perex: "Perex a",
      image: "/uploads/blog/a.svg",
      authorName: "Petr",
      category: { id: rumCategory, slug: "rum", name: "Rum" },
      url: `/blog/${ids.a}/clanek-a`,
    });
    expect(page.items[3].category).toBeNull();
  });

  it("filters by category and paginates", async () => {
    const rum = await api.services.blog.listPosts({ locale: "cs", categoryId: rumCategory, now });
    expect(rum.items.map((item) => item.slug)).toEqual(["clanek-a", "clanek-c"]);
    const second = await api.services.blog.listPosts({ locale: "cs", perPage: 3, page: 2, now });
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 3, pageCount: 2 });
    expect(second.items.map((item) => item.slug)).toEqual(["clanek-d"]);
    const beyond = await api.services.blog.listPosts({ locale: "cs", perPage: 3, page: 9, now });
    expect(beyond.items).toEqual([]);
    const silly = await api.services.blog.listPosts({ locale: "cs", perPage: -5, page: Number.NaN, now });
    expect(silly).toMatchObject({ page: 1, perPage: 1 });
  });

  it("speaks English and falls back to Czech", async () => {
    const page = await api.services.blog.listPosts({ locale: "en", now });
    expect(page.items.map((item) => item.title)).toEqual(["Article a", "Článek b", "Article c", "Article d"]);
    expect(page.items[0].url).toBe(`/en/blog/${ids.a}/article-a`);
    expect(page.items[1]).toMatchObject({
      url: `/en/blog/${ids.b}/clanek-b`,
      category: { slug: "doutniky", name: "Doutníky" },
    });
  });
});

describe("post", () => {
  it("returns a published article with its body, both paths and related articles of its category first", async () => {
    const post = await api.services.blog.post(ids.c, "cs", { now });
    expect(post).toMatchObject({
      id: ids.c,
      title: "Článek c",
      body: "<p>Tělo c</p>",
      paths: { cs: `/blog/${ids.c}/clanek-c`, en: `/en/blog/${ids.c}/article-c` },
    });
    expect(post!.related.map((item) => item.slug)).toEqual(["clanek-a", "clanek-b", "clanek-d"]);
    const en = await api.services.blog.post(ids.b, "en", { now });
    expect(en).toMatchObject({ title: "Článek b", body: "<p>Tělo b</p>", url: `/en/blog/${ids.b}/clanek-b` });
  });

  it("never returns drafts, future articles or unknown ids", async () => {
    expect(await api.services.blog.post(ids.draft, "cs", { now })).toBeNull();
    expect(await api.services.blog.post(ids.future, "cs", { now })).toBeNull();
    expect(await api.services.blog.post(987_654, "cs", { now })).toBeNull();
    expect(await api.services.blog.post(-1, "cs", { now })).toBeNull();
    // The future article becomes visible once its time has come.
    expect(
      await api.services.blog.post(ids.future, "cs", { now: new Date(now.getTime() + 3 * DAY) }),
    ).not.toBeNull();
  });
});

describe("categories and sitemap entries", () => {
  it("finds a blog category by id in both languages", async () => {
    expect(await api.services.blog.category(cigarCategory, "en")).toEqual({
      id: cigarCategory,
      slug: "doutniky",
      name: "Doutníky",
    });
    expect(await api.services.blog.category(424_242, "cs")).toBeNull();
  });

  it("lists published articles and published info pages with both languages' paths", async () => {
    const posts = await api.services.blog.sitemapPosts(now);
    expect(posts.map((entry) => entry.paths.cs)).toEqual([
      `/blog/${ids.a}/clanek-a`,
      `/blog/${ids.b}/clanek-b`,
      `/blog/${ids.c}/clanek-c`,
      `/blog/${ids.d}/clanek-d`,
    ]);
    expect(posts[1].paths.en).toBe(`/en/blog/${ids.b}/clanek-b`);
    const pages = await api.services.blog.sitemapInfoPages();
    expect(pages.map((entry) => entry.paths)).toEqual([
      { cs: "/info/901/obchodni-podminky", en: "/en/info/901/terms-and-conditions" },
      { cs: "/info/902/gdpr", en: "/en/info/902/gdpr" },
    ]);
    expect((await api.services.blog.lastUpdate(now)) instanceof Date).toBe(true);
  });
});
