import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "#server/http/app.ts";
import { PUBLIC_PAGE_CACHE_CONTROL, SHARED_CACHE_SECONDS } from "#server/http/cache-policy.ts";
import { createPageCache, type PageCache } from "#server/http/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";

/**
 * The cached path for anonymous visitors (issue 18; ADR 0027) through the whole HTTP app, on the
 * real services and database: what a first visit gets (no cookie, public headers), that the next
 * visitor gets the same page from memory, and that a bid, a price change or an edit, the
 * maintenance switch, a session or another cookie variant are never answered with an old copy.
 * The page handler stands in for React Router: it renders the rows the page shows, read fresh
 * from the database each time, and counts its renders.
 */

let api: TestApi;
let app: ReturnType<typeof createHttpApp>;
let pageCache: PageCache;
let renders = 0;
let categoryId: number;
let auctionId: number;
let bidders: Awaited<ReturnType<typeof insertBidders>>;

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

async function renderPage(request: Request): Promise<Response> {
  renders += 1;
  const url = new URL(request.url);
  const productId = url.pathname.split("/")[1];
  const html = { "Content-Type": "text/html; charset=utf-8" };
  // Any other page: a plain 200, so that only the policy decides its headers.
  if (!/^\d+$/.test(productId)) return new Response("<html>a page</html>", { headers: html });
  const [row] = await api.db
    .select({ price: products.currentPriceMinor, category: categories.nameCs })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, Number(productId)));
  if (!row)
    return new Response("<html>404</html>", { status: 404, headers: { "Content-Type": "text/html" } });
  return new Response(`<html><p>price ${row.price ?? "none"}</p><p>category ${row.category}</p></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

beforeAll(async () => {
  api = await createTestApi();
  pageCache = createPageCache({ announce: api.services.publicChanges.announce });
  await api.services.publicChanges.subscribe(pageCache.clear);
  app = createHttpApp({
    config: api.config,
    logger: createLogger("silent"),
    services: api.services,
    pageCache,
    pageHandler: (request) => renderPage(request),
  });
  await insertAuctionSettings(api.db);
  const category = await insertCategory(api.db, { nameCs: "Rumy" });
  categoryId = category!.id;
  bidders = await insertBidders(api.db, 3);
  const auction = await insertAuction(api.db, { sellerId: bidders[0].user.id, categoryId });
  auctionId = auction!.id;
}, 60_000);

afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

const productPath = () => `/${auctionId}/rumy/havana-club`;

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers: { "User-Agent": CHROME, ...headers } });
}

async function bidThroughThisApp(bidder: number, amount: number) {
  const response = await app.request(`/api/auctions/${auctionId}/bids`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bidders[bidder].token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ amount }),
  });
  expect(response.status).toBe(201);
}

describe("a first anonymous visit", () => {
  it("sets no cookie and is public for shared caches, varying on cookies and the browser", async () => {
    pageCache.clear();
    const response = await get(productPath());
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(response.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`);
    expect(response.headers.get("vary")).toBe("Cookie, User-Agent, Accept-Encoding");
    expect(response.headers.get("x-page-cache")).toBe("miss");
    expect(await response.text()).toContain("price none");
  });

  it("hands the next anonymous visitor the same page from memory, CSP nonce and all", async () => {
    pageCache.clear();
    const first = await get(productPath());
    const body = await first.text();
    const before = renders;
    const second = await get(productPath());
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    expect(renders).toBe(before);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(Number(second.headers.get("age"))).toBeGreaterThanOrEqual(0);
    expect(second.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    // HEAD is answered from the same copy, without a body.
    const head = await app.request(productPath(), { method: "HEAD", headers: { "User-Agent": CHROME } });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("keeps one copy per combination of the cookies that change a page, and ignores other cookies", async () => {
    pageCache.clear();
    await (await get(productPath(), { Cookie: "currencyId=2" })).text();
    const other = await get(productPath(), { Cookie: "currencyId=3" });
    expect(other.headers.get("x-page-cache")).toBe("miss");
    await other.text();
    const analytics = await get(productPath(), { Cookie: "_ga=GA1.1.123; currencyId=2" });
    expect(analytics.headers.get("x-page-cache")).toBe("hit");
  });

  it("renders for a crawler itself (crawlers get no age gate)", async () => {
    pageCache.clear();
    await (await get(productPath())).text();
    const crawler = await get(productPath(), {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(crawler.headers.get("x-page-cache")).toBeNull();
    expect(crawler.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("renders a burst of visitors to one page once", async () => {
    pageCache.clear();
    const before = renders;
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(productPath())));
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(renders).toBe(before + 1);
  });
});

/**
 * The page kept and served from memory. A previous test's write also announced itself by NOTIFY,
 * which may arrive only now and clear the copy once more (clearing too much is safe), so wait until
 * a copy stays before the write under test.
 */
async function aCopyThatStays(): Promise<void> {
  await vi.waitFor(async () => {
    await (await get(productPath())).text();
    const again = await get(productPath());
    await again.text();
    expect(again.headers.get("x-page-cache")).toBe("hit");
  });
}

describe("what a copy never outlives", () => {
  it("a bid placed through this instance: the next visitor sees the new price", async () => {
    pageCache.clear();
    await (await get(productPath())).text();
    await bidThroughThisApp(1, 100_000);
    const after = await get(productPath());
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("price 100000");
  });

  it("a bid placed by another instance: its auction event clears the copy", async () => {
    pageCache.clear();
    await aCopyThatStays();
    // api.app is a second app on the same database without this page cache: only the NOTIFY tells.
    const bid = await api.call("POST", `/api/auctions/${auctionId}/bids`, {
      token: bidders[2].token,
      body: { amount: 110_000 },
    });
    expect(bid.status).toBe(201);
    await vi.waitFor(async () => {
      const response = await get(productPath());
      expect(await response.text()).toContain("price 110000");
    });
  });

  it("an edit (a category renamed in the back office): the page shows the new name", async () => {
    pageCache.clear();
    expect(await (await get(productPath())).text()).toContain("category Rumy");
    const { token } = await api.createUser({ role: "editor" });
    const saved = await app.request(`/api/admin/catalog/categories/${categoryId}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        nameCs: "Rumy z Karibiku",
        nameEn: "Caribbean rums",
        slugCs: "rumy",
        slugEn: "rums",
        descriptionCs: null,
        descriptionEn: null,
        isActive: true,
        premoderated: false,
      }),
    });
    expect(saved.status).toBe(200);
    expect(await (await get(productPath())).text()).toContain("category Rumy z Karibiku");
  });

  it("a write that was refused clears nothing", async () => {
    pageCache.clear();
    await aCopyThatStays();
    const refused = await app.request(`/api/auctions/${auctionId}/bids`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bidders[1].token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await get(productPath())).headers.get("x-page-cache")).toBe("hit");
  });

  it("the maintenance switch: on at once for anonymous visitors, though the page was kept", async () => {
    pageCache.clear();
    await (await get(productPath())).text();
    await api.services.settings.put("maintenance", null, { is_enabled: true });
    try {
      const during = await get(productPath());
      expect(during.status).toBe(302);
      expect(during.headers.get("location")).toBe("/mimo-provoz");
    } finally {
      await api.services.settings.put("maintenance", null, { is_enabled: false });
    }
  });
});

describe("pages that stay private", () => {
  it("a signed-in visitor's page is private, never served from nor kept in the cache", async () => {
    pageCache.clear();
    await (await get(productPath())).text();
    const before = renders;
    const signedIn = await get(productPath(), { Cookie: `auth._token=${bidders[1].token}` });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(renders).toBe(before + 1);
    const bearer = await get(productPath(), { Authorization: `Bearer ${bidders[1].token}` });
    expect(bearer.headers.get("cache-control")).toBe("private, no-store");
    // A guest's cart makes the header personal too.
    const guestCart = await get(productPath(), { Cookie: "cart=abc" });
    expect(guestCart.headers.get("cache-control")).toBe("private, no-store");
    expect(guestCart.headers.get("x-page-cache")).toBeNull();
  });

  it.each([
    ["the account's login page", "/ucet"],
    ["the cart", "/kosik"],
    ["checkout", "/kosik/udaje"],
    ["the back office", "/admin"],
    ["the maintenance page", "/mimo-provoz"],
    ["registration", "/registrace"],
  ])("%s is private for anonymous visitors too", async (_name, path) => {
    const response = await app.request(path, { headers: { "User-Agent": CHROME } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-page-cache")).toBeNull();
  });
});

describe("the API's Cache-Control", () => {
  it("public lists are briefly public for anonymous callers, private for a signed-in one", async () => {
    const anonymous = await app.request("/api/lists/currencies");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control")).toBe(
      `public, max-age=${SHARED_CACHE_SECONDS}, s-maxage=${SHARED_CACHE_SECONDS}`,
    );
    expect(anonymous.headers.get("vary")).toContain("Accept-Language");
    const signedIn = await app.request("/api/lists/currencies", {
      headers: { Authorization: `Bearer ${bidders[1].token}` },
    });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("/api/me and other personal or failed answers are private", async () => {
    const me = await app.request("/api/me", { headers: { Authorization: `Bearer ${bidders[1].token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const unauthorized = await app.request("/api/me");
    expect(unauthorized.headers.get("cache-control")).toBe("private, no-store");
    const health = await app.request("/api/health");
    expect(health.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a route's own Cache-Control wins (search suggestions)", async () => {
    const suggestions = await app.request("/api/catalog/autocomplete?q=rum");
    expect(suggestions.headers.get("cache-control")).toBe("public, max-age=60");
  });
});
