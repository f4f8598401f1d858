import type { APIRequestContext } from "@playwright/test";
import { formatPrice } from "#core/money/money.ts";
import { minimumNextBid } from "#core/rules/bid-step.ts";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { DEMO, expect, hydrated, logIn, test } from "./fixtures.ts";

/** The shared fixture's age cookie value is not the one the age gate reads ("1"); answer it here too, and keep the intro popup away. */
test.beforeEach(async ({ context, baseURL }) => {
  const domain = new URL(baseURL!).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
});

/**
 * Product detail, the canonical URL rules, the two-segment resolution, the gallery, the auction
 * block, last viewed, the profile and the watched list, in both languages, on the demo data.
 */

type Found = { id: number; url: string; format: string; status: string; images: number; bids: number };

const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? "";

/** Opens /{id}/x (a product reached without its category: 301 to the canonical URL) and reads the page's data attributes. */
async function probe(request: APIRequestContext, id: number, prefix = ""): Promise<Found | null> {
  const response = await request.get(`${prefix}/${id}/x`, { maxRedirects: 0 });
  if (response.status() !== 301) return null;
  const url = response.headers().location;
  const html = await (await request.get(url)).text();
  const tag = html.match(/<div[^>]*data-testid="product-page"[^>]*>/)?.[0];
  if (!tag) return null;
  return {
    id,
    url,
    format: attr(tag, "data-format"),
    status: attr(tag, "data-status"),
    images: Number(attr(tag, "data-images")),
    bids: Number(attr(tag, "data-bids")),
  };
}

/** The first demo products (by id) that satisfy each wish, scanning in small batches. */
async function findProducts(
  request: APIRequestContext,
  wishes: Record<string, (found: Found) => boolean>,
  prefix = "",
) {
  const result: Record<string, Found> = {};
  for (let start = 1; start <= 241 && Object.keys(result).length < Object.keys(wishes).length; start += 20) {
    const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => probe(request, start + i, prefix)));
    for (const found of batch) {
      if (!found) continue;
      for (const [name, wish] of Object.entries(wishes))
        if (!result[name] && wish(found)) result[name] = found;
    }
  }
  for (const name of Object.keys(wishes)) expect(result[name], `a demo product for "${name}"`).toBeTruthy();
  return result;
}

const liveAuctionWithBids = (f: Found) => f.format === "auction" && f.status === "active" && f.bids >= 2;
const shopWithImages = (f: Found) => f.format === "shop" && f.status === "active" && f.images >= 2;

test.describe("canonical product URLs", () => {
  test("a wrong or missing slug answers 301 to the canonical URL, in both languages", async ({
    request,
    page,
  }) => {
    const { auction } = await findProducts(request, { auction: liveAuctionWithBids });
    const [, id, category, slug] = auction.url.match(/^\/(\d+)\/([^/]+)\/([^/]+)$/)!;
    expect(Number(id)).toBe(auction.id);

    for (const wrong of [
      `/${id}/spatna-kategorie/${slug}`,
      `/${id}/${category}/spatny-nazev`,
      `/${id}/${slug}`,
    ]) {
      const response = await request.get(wrong, { maxRedirects: 0 });
      expect(response.status(), wrong).toBe(301);
      expect(response.headers().location, wrong).toBe(auction.url);
    }
    // The query string survives the redirect.
    const withQuery = await request.get(`/${id}/x?utm_source=test`, { maxRedirects: 0 });
    expect(withQuery.headers().location).toBe(`${auction.url}?utm_source=test`);

    // English: the Czech slugs under /en redirect to the English canonical URL.
    const english = await request.get(`/en${auction.url}`, { maxRedirects: 0 });
    expect(english.status()).toBe(301);
    const enUrl = english.headers().location;
    expect(enUrl).toMatch(new RegExp(`^/en/${id}/[a-z0-9-]+/[a-z0-9-]+$`));
    expect((await request.get(enUrl, { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get(`/en/${id}/x`, { maxRedirects: 0 })).headers().location).toBe(enUrl);

    const response = await page.goto(`/${id}/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(auction.url);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`${auction.url}$`));
    await expect(page.locator('link[rel=alternate][hreflang="en"]')).toHaveAttribute(
      "href",
      new RegExp(`${enUrl}$`),
    );
    await expect(page.locator('link[rel=alternate][hreflang="x-default"]')).toHaveAttribute(
      "href",
      new RegExp(`${auction.url}$`),
    );
  });

  test("unknown, non-numeric and hidden ids answer 404", async ({ request }) => {
    for (const path of [
      "/999999/x/y",
      "/abc/def/ghi",
      "/0/x/y",
      "/01/x/y",
      "/en/999999/x/y",
      "/999999/nic",
      "/abc/def",
      "/en/abc/def",
    ]) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
  });
});

test.describe("two-segment URLs", () => {
  test("a category id with its slug shows the category listing, in both languages", async ({ page }) => {
    const cs = await page.goto("/2/rum");
    expect(cs?.status()).toBe(200);
    await expect(page).toHaveURL("/2/rum");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Rum");
    const en = await page.goto("/en/3/whisky");
    expect(en?.status()).toBe(200);
    await expect(page).toHaveURL("/en/3/whisky");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an id and slug that name no category resolve as a product (301 to its canonical URL)", async ({
    request,
  }) => {
    const response = await request.get("/2/neni-to-kategorie", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toMatch(/^\/2\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const english = await request.get("/en/2/not-a-category", { maxRedirects: 0 });
    expect(english.status()).toBe(301);
    expect(english.headers().location).toMatch(/^\/en\/2\/[a-z0-9-]+\/[a-z0-9-]+$/);
    // The category's slug in the other language: the category in this one, though a product 4
    // exists too (an unknown slug with that id leads to it).
    expect((await request.get("/en/4/not-a-category", { maxRedirects: 0 })).headers().location).toMatch(
      /^\/en\/4\/[a-z0-9-]+\/[a-z0-9-]+$/,
    );
    for (const [path, location] of [
      ["/en/4/karibik?strana=2", "/en/4/caribbean?strana=2"],
      ["/4/caribbean", "/4/karibik"],
    ]) {
      const crossed = await request.get(path, { maxRedirects: 0 });
      expect(crossed.status(), path).toBe(301);
      expect(crossed.headers().location, path).toBe(location);
    }
  });
});

test.describe("product detail", () => {
  test("the auction block shows the minimum next bid the bid steps give for the seeded price", async ({
    page,
    request,
  }) => {
    const { auction } = await findProducts(request, { auction: liveAuctionWithBids });
    await page.goto(auction.url);
    const panel = page.getByTestId("auction-panel");
    await expect(panel).toBeVisible();
    const current = Number(await panel.getAttribute("data-current-minor"));
    const start = Number(await panel.getAttribute("data-start-minor"));
    const bids = Number(await panel.getAttribute("data-bid-count"));
    expect(bids).toBe(auction.bids);
    const expected = minimumNextBid(
      { currentPriceMinor: current, startPriceMinor: start, bidCount: bids },
      BID_STEPS,
    );
    const value = page.getByTestId("auction-minimum-bid-value");
    await expect(value).toHaveAttribute("data-minor", String(expected));
    await expect(value).toHaveText(formatPrice(expected, null, { nonBreaking: true }));
    await expect(page.getByTestId("auction-current-price")).toHaveText(
      formatPrice(current, null, { nonBreaking: true }),
    );
    // Time left ticks in the browser.
    const countdown = page.getByTestId("countdown");
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
    // The price graph and its table fallback.
    await expect(page.getByTestId("price-history").locator('[role="img"]')).toHaveAttribute(
      "aria-label",
      /\d/,
    );
    await page.getByTestId("price-history-table").locator("summary").click();
    await expect(page.getByTestId("price-history-table").locator("tbody tr")).toHaveCount(bids + 1);
    // A guest's bid button leads to login and back.
    await expect(page.getByTestId("bid-login")).toHaveAttribute(
      "href",
      `/ucet?redirect=${encodeURIComponent(auction.url)}`,
    );
    // Seller block, properties, description, similar items.
    await expect(page.getByTestId("seller-card").getByTestId("seller-link")).toHaveAttribute(
      "href",
      /^\/uzivatel\/\d+$/,
    );
    await expect(page.getByTestId("seller-card").getByTestId("rating")).toBeVisible();
    await expect(page.getByTestId("seller-adverts")).toContainText(/aktivn/);
    await expect(page.getByTestId("property-category").locator("a").first()).toHaveAttribute(
      "href",
      /^\/\d+\/[a-z0-9-]+$/,
    );
    await expect(page.getByTestId("property-inserted")).toBeVisible();
    await expect(page.getByTestId("product-description")).toBeVisible();
    await expect(page.getByTestId("similar-items")).toBeVisible();
  });

  test("a logged-in user sees the bid form with the lowest acceptable bid prefilled (the leader: their new maximum)", async ({
    page,
    request,
  }) => {
    const { auction } = await findProducts(request, { auction: liveAuctionWithBids });
    await logIn(page, DEMO.buyer, "/ucet/prehled");
    await page.goto(auction.url);
    const form = page.getByTestId("bid-form");
    await expect(form.or(page.getByTestId("bid-own"))).toBeVisible();
    if (await form.isVisible()) {
      const amount = form.getByTestId("bid-amount");
      await expect(amount.or(form.getByTestId("bid-new-max"))).toBeVisible();
      if (await amount.isVisible()) {
        const minimum = Number(
          await page.getByTestId("auction-minimum-bid-value").getAttribute("data-minor"),
        );
        await expect(amount).toHaveValue(String(minimum / 100));
      }
    }
  });

  test("the gallery switches photos by thumbnail and arrow keys and opens a zoomable large view closed by Escape", async ({
    page,
    request,
  }) => {
    const { shop } = await findProducts(request, { shop: shopWithImages });
    await page.goto(shop.url);
    const main = page.getByTestId("gallery-main");
    const mainImage = main.locator("img");
    const firstSrc = await mainImage.getAttribute("src");
    const thumbs = page.getByTestId("gallery-thumb");
    await expect(thumbs).toHaveCount(shop.images);
    await hydrated(page);
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(mainImage).not.toHaveAttribute("src", firstSrc!);
    await main.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(mainImage).toHaveAttribute("src", firstSrc!);

    await main.click();
    const dialog = page.getByTestId("gallery-lightbox");
    await expect(dialog).toBeVisible();
    const large = page.getByTestId("gallery-lightbox-image");
    // The same photo, as the largest variant (the large view zooms it).
    await expect(large).toHaveAttribute("src", firstSrc!.replace(/^\/img\/\d+\//, "/img/1280/"));
    await page.keyboard.press("ArrowRight");
    await expect(large).not.toHaveAttribute("src", firstSrc!);
    await page.keyboard.press("+");
    await expect(large).toHaveAttribute("data-zoomed", "true");
    await large.click();
    await expect(large).toHaveAttribute("data-zoomed", "false");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(main).toBeFocused();
  });

  test("a shop product shows its price, stock and the operator as seller, with JSON-LD", async ({
    page,
    request,
  }) => {
    const { shop } = await findProducts(request, { shop: shopWithImages });
    await page.goto(shop.url);
    await expect(page.getByTestId("product-price")).toHaveText(/Kč$/);
    await expect(page.getByTestId("stock")).toBeVisible();
    await expect(page.getByTestId("seller-card")).toContainText("Rarita");
    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = data.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Product");
    expect(product.offers["@type"]).toBe("Offer");
    expect(product.offers.priceCurrency).toBe("CZK");
    expect(product.image[0]).toMatch(/^https?:\/\//);
  });

  test("pending products are shown but marked", async ({ request, page }) => {
    const { ended } = await findProducts(request, {
      ended: (f) => f.status === "ended" || f.status === "sold",
    });
    await page.goto(ended.url);
    await expect(page.getByTestId("status-banner")).toHaveAttribute("data-status", ended.status);
    await expect(page.getByTestId("bid-login")).toHaveCount(0);
  });

  test("the English detail page speaks English", async ({ page, request }) => {
    const { auction } = await findProducts(request, { auction: liveAuctionWithBids }, "/en");
    await page.goto(auction.url);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("auction-minimum-bid")).toContainText("Minimum bid");
    await expect(page.getByTestId("bid-login")).toHaveAttribute(
      "href",
      `/en/account?redirect=${encodeURIComponent(auction.url)}`,
    );
    await expect(page.getByTestId("seller-link")).toHaveAttribute("href", /^\/en\/user\/\d+$/);
  });
});

test.describe("last viewed products", () => {
  test("keeps 3 per locale, newest first, moves a product seen again to the front, and shows them", async ({
    page,
    request,
  }) => {
    const cs = await findProducts(request, {
      a: (f) => f.status === "active" && f.id % 4 === 1,
      b: (f) => f.status === "active" && f.id % 4 === 2,
      c: (f) => f.status === "active" && f.id % 4 === 3,
      d: (f) => f.status === "active" && f.id % 4 === 0,
    });
    const stored = async () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("last_viewed_products") ?? "{}")) as Promise<
        Record<string, { id: number; url: string; price: number }[]>
      >;
    for (const key of ["a", "b", "c", "d"]) {
      await page.goto(cs[key].url);
      await expect(page.getByTestId("product-page")).toBeVisible();
      await expect.poll(async () => (await stored()).cs?.[0]?.id).toBe(cs[key].id);
    }
    expect((await stored()).cs.map((item) => item.id)).toEqual([cs.d.id, cs.c.id, cs.b.id]);
    // The list on the product page leaves out the product itself.
    await expect(page.getByTestId("last-viewed-item")).toHaveCount(2);

    await page.goto(cs.b.url);
    await expect
      .poll(async () => (await stored()).cs.map((item) => item.id))
      .toEqual([cs.b.id, cs.d.id, cs.c.id]);

    // English keeps its own list.
    const english = await request.get(`/en/${cs.a.id}/x`, { maxRedirects: 0 });
    await page.goto(english.headers().location);
    await expect.poll(async () => (await stored()).en?.map((item) => item.id)).toEqual([cs.a.id]);
    expect((await stored()).cs.map((item) => item.id)).toEqual([cs.b.id, cs.d.id, cs.c.id]);
    expect((await stored()).en[0].url).toMatch(/^\/en\//);

    // The home page shows the locale's list, newest first.
    await page.goto("/");
    const items = page.getByTestId("last-viewed-item");
    await expect(items).toHaveCount(3);
    expect(
      await items.evaluateAll((links) => links.map((link) => Number(link.getAttribute("data-product-id")))),
    ).toEqual([cs.b.id, cs.d.id, cs.c.id]);
    await page.goto("/en");
    await expect(page.getByTestId("last-viewed-item")).toHaveCount(1);
  });
});

test.describe("user profile", () => {
  test("a seller's public page shows the name, badge, rating with reviews and the active listings", async ({
    page,
    request,
  }) => {
    const { auction } = await findProducts(request, { auction: liveAuctionWithBids });
    await page.goto(auction.url);
    const profileUrl = await page.getByTestId("seller-link").getAttribute("href");
    const username = (await page.getByTestId("seller-link").textContent())!.trim();
    await page.goto(profileUrl!);
    await expect(page.getByTestId("profile-username")).toHaveText(username);
    await expect(page.getByTestId("profile-member-since")).toContainText("Členem od");
    await expect(page.getByTestId("profile-products")).toBeVisible();
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`${profileUrl}$`));

    // The verified demo seller has reviews, one with a reply.
    await page.goto(profileUrl!);
    const reviews = page.getByTestId("review");
    if ((await page.getByTestId("trust-badge-phone").count()) > 0 && (await reviews.count()) > 0) {
      await expect(page.getByTestId("review-reply").first()).toBeVisible();
    }

    const english = await page.goto(`/en${profileUrl}`.replace("/uzivatel/", "/user/"));
    expect(english?.status()).toBe(200);
    await expect(page.getByTestId("profile-member-since")).toContainText("Member since");
  });

  test("the verified demo seller's profile lists reviews with stars, comments and a reply", async ({
    page,
  }) => {
    // RumovyKabinet is the demo's verified seller with six reviews; find them from the profile of a reviewed deal.
    await logIn(page, DEMO.seller, "/ucet/prehled");
    await page.goto("/uzivatel");
    await expect(page).toHaveURL("/uzivatel");
    await expect(page.getByTestId("own-profile-note")).toBeVisible();
    await expect(page.getByTestId("profile-username")).toHaveText("RumovyKabinet");
    await expect(page.getByTestId("trust-badge-phone")).toBeVisible();
    await expect(page.getByTestId("review")).toHaveCount(6);
    await expect(page.getByTestId("review-reply")).toHaveCount(1);
    await expect(page.getByTestId("profile-rating")).toHaveText(/^\d,\d$/);
  });

  test("without an id a guest is sent to log in; unknown users answer 404", async ({ page, request }) => {
    await page.goto("/uzivatel");
    await expect(page).toHaveURL("/ucet?redirect=%2Fuzivatel");
    await page.goto("/en/user");
    await expect(page).toHaveURL("/en/account?redirect=%2Fen%2Fuser");
    expect((await request.get("/uzivatel/999999")).status()).toBe(404);
    expect((await request.get("/uzivatel/abc")).status()).toBe(404);
  });
});

test.describe("watched products", () => {
  test("a guest is sent to log in", async ({ page }) => {
    await page.goto("/ucet/sledovane-aukce");
    await expect(page).toHaveURL("/ucet?redirect=%2Fucet%2Fsledovane-aukce");
  });

  test("the demo buyer sees 6 watched items with state and notes, and can remove one", async ({ page }) => {
    await logIn(page, DEMO.buyer, "/ucet/sledovane-aukce");
    const items = page.getByTestId("watch-item");
    await expect(items).toHaveCount(6);
    await expect(page.getByTestId("watch-note").first()).toContainText("Hlídat poslední minuty");
    await expect(page.getByTestId("watch-state").first()).toHaveText("Aktivní");

    // Remove the first (newest) item; putting it back afterwards makes it the newest again.
    const first = items.first();
    const productId = Number(await first.getAttribute("data-product-id"));
    const note = (await first.getByTestId("watch-note").textContent())!.replace(/^[^:]*:\s*/, "");
    await first.getByTestId("watch-remove").click();
    await expect(items).toHaveCount(5);
    await expect(page.locator(`[data-testid="watch-item"][data-product-id="${productId}"]`)).toHaveCount(0);

    // Put it back through the wishlist API, so other tests see the demo state.
    const wishlist = await page.request.get("/api/wishlist/cs");
    const tempId = (await wishlist.json()).temp_id as string;
    const restored = await page.request.put(`/api/wishlist/${tempId}`, { data: { productId, note } });
    expect(restored.ok()).toBe(true);
    await page.reload();
    await expect(items).toHaveCount(6);

    await page.goto("/en/account/watch");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watched auctions");
    await expect(page.getByTestId("watch-item")).toHaveCount(6);
  });
});
