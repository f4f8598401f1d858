import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedPath } from "#core/web/feed-paths.ts";
import { blogPosts } from "../modules/cms/tables.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { insertCategory, insertProduct } from "../test/fixtures.ts";
import { registerFeedRoutes } from "./feeds.ts";
import type { AppEnv } from "./types.ts";

/**
 * The Atom feeds (docs/product/visitor-basics.md, "Feeds"), over the HTTP routes: well-formed XML
 * with absolute URLs, the right entries newest first, hostile titles escaped, conditional GETs,
 * and a search watchdog's feed reachable only by its current token.
 */

let api: TestApi;
let app: Hono<AppEnv>;
const ORIGIN = "https://rarita.example";
/** Markup, quotes, a CDATA end and a control character XML cannot carry (dropped). */
const HOSTILE = `Rum <script>alert("x")</script> & 'co' ]]>\u0001`;

beforeAll(async () => {
  api = await createTestApi();
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("services", api.services);
    c.set("config", { ...api.config, publicUrl: ORIGIN });
    await next();
  });
  registerFeedRoutes(app);
});
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

type Entry = { id: string; title: { "#text": string }; link: { "@_href": string }[]; updated: string };

/** The feed parsed, after checking that it is well-formed XML at all. */
function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "entry" || name === "link",
  }).parse(xml);
  const feed = parsed.feed;
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  return { feed, entries: (feed.entry ?? []) as Entry[] };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("the blog's feed", () => {
  it("lists published articles newest first, escaping what a title holds, in each language", async () => {
    await api.db.insert(blogPosts).values([
      { slugCs: "starsi", titleCs: "Starší článek", titleEn: "Older article", publishedAt: minutesAgo(60) },
      { slugCs: "zly", titleCs: HOSTILE, perexCs: "<b>tučně</b>", publishedAt: minutesAgo(5) },
      { slugCs: "koncept", titleCs: "Koncept", publishedAt: null },
      { slugCs: "budouci", titleCs: "Budoucí", publishedAt: new Date(Date.now() + 3_600_000) },
    ]);
    const response = await app.request("/kanaly/blog.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const xml = await response.text();
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0001");
    const { feed, entries } = parse(xml);
    expect(feed["@_xml:lang"]).toBe("cs");
    expect(entries.map((entry) => entry.title["#text"])).toEqual([
      `Rum <script>alert("x")</script> & 'co' ]]>`,
      "Starší článek",
    ]);
    expect(entries.every((entry) => entry.link[0]["@_href"].startsWith(`${ORIGIN}/blog/`))).toBe(true);
    expect(feed.link.map((link: { "@_href": string }) => link["@_href"])).toEqual([
      `${ORIGIN}/kanaly/blog.xml`,
      `${ORIGIN}/blog`,
    ]);

    const english = parse(await (await app.request("/en/feeds/blog.xml")).text());
    expect(english.feed["@_xml:lang"]).toBe("en");
    expect(english.entries[1].title["#text"]).toBe("Older article");
    expect(english.entries[1].link[0]["@_href"]).toMatch(new RegExp(`^${ORIGIN}/en/blog/\\d+/`));
  });

  it("answers 304 to a reader whose copy is current", async () => {
    const first = await app.request("/kanaly/blog.xml");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await app.request("/kanaly/blog.xml", { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect(
      (await app.request("/kanaly/blog.xml", { headers: { "If-Modified-Since": lastModified } })).status,
    ).toBe(304);
    expect((await app.request("/kanaly/blog.xml", { headers: { "If-None-Match": 'W/"old"' } })).status).toBe(
      200,
    );
  });
});

describe("a category's feed", () => {
  it("lists the branch's live listings newest first, never drafts or other categories", async () => {
    const parent = await insertCategory(api.db, { nameCs: "Rum", nameEn: "Rum EN" });
    const child = await insertCategory(api.db, { parentId: parent.id, depth: 2 });
    const other = await insertCategory(api.db);
    const old = await insertProduct(api.db, {
      categoryId: parent.id,
      activationAt: minutesAgo(120),
      nameCs: "Starý",
    });
    const hostile = await insertProduct(api.db, {
      categoryId: child.id,
      activationAt: minutesAgo(10),
      nameCs: HOSTILE,
    });
    await insertProduct(api.db, { categoryId: parent.id, status: "draft", activationAt: minutesAgo(1) });
    await insertProduct(api.db, { categoryId: other.id, activationAt: minutesAgo(1) });

    const response = await app.request(feedPath("category", "cs", parent.id));
    expect(response.status).toBe(200);
    const { feed, entries } = parse(await response.text());
    expect(feed.title["#text"]).toContain("Rum");
    expect(entries.map((entry) => entry.id)).toEqual([
      `tag:rarita.example,2026:listing:${hostile.id}`,
      `tag:rarita.example,2026:listing:${old.id}`,
    ]);
    expect(entries[0].title["#text"]).toBe(`Rum <script>alert("x")</script> & 'co' ]]>`);
    expect(entries[0].link[0]["@_href"]).toMatch(new RegExp(`^${ORIGIN}/${hostile.id}/`));
    expect(new Date(entries[0].updated).getTime()).toBeGreaterThan(new Date(entries[1].updated).getTime());
  });

  it("is 404 for a category that does not exist or is hidden", async () => {
    const hidden = await insertCategory(api.db, { isActive: false });
    expect((await app.request(feedPath("category", "cs", hidden.id))).status).toBe(404);
    expect((await app.request("/en/feeds/category/999999.xml")).status).toBe(404);
  });
});

describe("a search watchdog's feed", () => {
  it("shows the search's public listings by the token only, and a reset token is 404", async () => {
    const watcher = await api.createUser();
    const category = await insertCategory(api.db);
    const found = await insertProduct(api.db, {
      categoryId: category.id,
      nameCs: "Caroni 1998 Heavy",
      nameEn: null,
    });
    await insertProduct(api.db, { categoryId: category.id, nameCs: "Hampden Estate" });
    await api.services.catalog.refreshSearchText({ categoryIds: [category.id] });
    const created = await api.services.watchdogs.create(watcher.user.id, { kind: "search", query: "caroni" });
    if (!created.ok) throw new Error("watchdog refused");
    const tokens = await api.services.watchdogs.feedTokens(watcher.user.id);
    const token = tokens.get(created.value.id)!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const response = await app.request(feedPath("search", "en", token));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const xml = await response.text();
    // Nothing of the owner: no username, no e-mail, no id of theirs.
    expect(xml).not.toContain(watcher.user.email);
    expect(xml).not.toContain(watcher.user.username);
    const { entries } = parse(xml);
    expect(entries.map((entry) => entry.id)).toEqual([`tag:rarita.example,2026:listing:${found.id}`]);

    expect(await api.services.watchdogs.resetFeedToken(watcher.user.id, created.value.id)).toBe(true);
    expect((await app.request(feedPath("search", "en", token))).status).toBe(404);
    const renewed = (await api.services.watchdogs.feedTokens(watcher.user.id)).get(created.value.id)!;
    expect(renewed).not.toBe(token);
    expect((await app.request(feedPath("search", "cs", renewed))).status).toBe(200);
  });

  it("is given to its owner by the API as the absolute URL the page shows, and to no one else", async () => {
    const owner = await api.createUser();
    const stranger = await api.createUser();
    const category = await insertCategory(api.db);
    const found = await insertProduct(api.db, {
      categoryId: category.id,
      nameCs: "Worthy Park 2006 Marsala",
    });
    await api.services.catalog.refreshSearchText({ categoryIds: [category.id] });
    const search = await api.call("POST", "/api/me/watchdogs", {
      token: owner.token,
      body: { kind: "search", query: "worthy park" },
    });
    expect(search.status).toBe(201);
    expect(
      (
        await api.call("POST", "/api/me/watchdogs", {
          token: owner.token,
          body: { kind: "category", categoryId: category.id },
        })
      ).status,
    ).toBe(201);
    const token = (await api.services.watchdogs.feedTokens(owner.user.id)).get(search.json.id)!;

    const origin = api.config.publicUrl.replace(/\/+$/, "");
    for (const locale of ["cs", "en"] as const) {
      const listed = await api.call("GET", `/api/me/watchdogs?lang=${locale}`, { token: owner.token });
      expect(listed.status).toBe(200);
      expect(
        listed.json.items.map((item: { kind: string; feedUrl: string | null }) => [item.kind, item.feedUrl]),
      ).toEqual([
        ["category", null],
        ["search", `${origin}${feedPath("search", locale, token)}`],
      ]);
      // The URL serves the search's feed (through the whole app, as a reader would reach it).
      const url = new URL(listed.json.items[1].feedUrl);
      expect(`${url.origin}`).toBe(origin);
      const response = await api.app.request(url.pathname);
      expect(response.status).toBe(200);
      const { feed, entries } = parse(await response.text());
      expect(feed["@_xml:lang"]).toBe(locale);
      expect(entries.map((entry) => entry.id)).toContain(`tag:${url.host},2026:listing:${found.id}`);
    }

    // Another account, even with the same search, sees only its own feed, never the owner's.
    await api.call("POST", "/api/me/watchdogs", {
      token: stranger.token,
      body: { kind: "search", query: "worthy park" },
    });
    const theirs = await api.call("GET", "/api/me/watchdogs", { token: stranger.token });
    expect(theirs.json.items).toHaveLength(1);
    expect(theirs.json.items[0].feedUrl).toMatch(/\/kanaly\/hledani\/[0-9a-f]{32}\.xml$/);
    expect(theirs.text).not.toContain(token);
    expect((await api.call("GET", "/api/me/watchdogs")).status).toBe(401);
  });

  it("is 404 for a made-up or malformed token, and another user cannot reset it", async () => {
    expect((await app.request(feedPath("search", "cs", "0".repeat(32)))).status).toBe(404);
    expect((await app.request("/kanaly/hledani/' or 1=1.xml")).status).toBe(404);
    const owner = await api.createUser();
    const stranger = await api.createUser();
    const created = await api.services.watchdogs.create(owner.user.id, {
      kind: "search",
      query: "foursquare",
    });
    if (!created.ok) throw new Error("watchdog refused");
    expect(await api.services.watchdogs.resetFeedToken(stranger.user.id, created.value.id)).toBe(false);
  });
});
