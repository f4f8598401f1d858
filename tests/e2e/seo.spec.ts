import { expect, test } from "./fixtures.ts";

/** The shared fixture's age cookie value is not the one the age gate reads ("1"); answer it here too, and keep the intro popup away. */
test.beforeEach(async ({ context, baseURL }) => {
  const domain = new URL(baseURL!).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
});

test.describe("sitemap and robots", () => {
  test("sitemap.xml is valid XML listing absolute URLs of both languages that answer 200", async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    await page.goto("/");
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const error = doc.getElementsByTagName("parsererror").length > 0;
      const root = doc.documentElement;
      const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
      const urls = [...doc.getElementsByTagNameNS(ns, "url")].map((url) => ({
        loc: url.getElementsByTagNameNS(ns, "loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent ?? null,
        alternates: url.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link").length,
      }));
      return { error, root: root.localName, namespace: root.namespaceURI, urls };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = parsed.urls.map((url) => url.loc);
    expect(locs.length).toBeGreaterThan(400);
    expect(locs.every((loc) => loc.startsWith(`${baseURL}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    expect(parsed.urls.every((url) => url.alternates === 3)).toBe(true);
    const paths = locs.map((loc) => new URL(loc).pathname);
    // Categories, products, blog articles and info pages in both languages.
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/en",
        "/2/rum",
        "/blog",
        "/en/blog",
        "/info/1/obchodni-podminky",
        "/info/2/gdpr",
      ]),
    );
    expect(paths.some((path) => /^\/\d+\/[a-z0-9-]+\/[a-z0-9-]+$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/en\/\d+\/[a-z0-9-]+\/[a-z0-9-]+$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/en\/blog\/\d+\//.test(path))).toBe(true);
    expect(paths.some((path) => path.startsWith("/ucet") || path.startsWith("/api"))).toBe(false);
    expect(
      parsed.urls.filter((url) => /\/\d+\/[^/]+\/[^/]+$/.test(url.loc)).every((url) => url.lastmod),
    ).toBe(true);

    // A sample of each kind answers 200 without a redirect.
    const sample = [
      ...paths.filter((path) => /^\/(en\/)?\d+\/[^/]+\/[^/]+$/.test(path)).filter((_, i) => i % 40 === 0),
      ...paths.filter((path) => /^\/(en\/)?\d+\/[^/]+$/.test(path)).slice(0, 4),
      ...paths.filter((path) => path.includes("/blog/")).slice(0, 2),
      ...paths.filter((path) => path.includes("/info/")).slice(0, 2),
      "/",
      "/en/blog",
    ];
    for (const path of sample) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
  });

  test("robots.txt allows all but the account and API, and names the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Allow: \/$/m);
    for (const path of ["/ucet", "/en/account", "/api/"])
      expect(body).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("images", () => {
  test("listing cards offer resized variants, load lazily below the fold and show a loaded picture", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/1/alkohol");
    const images = page.getByTestId("product-card").locator("img");
    expect(await images.count()).toBeGreaterThan(8);
    // The first row is fetched at once; a card further down waits until it nears the viewport.
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    const below = images.nth(8);
    await expect(below).toHaveAttribute("loading", "lazy");
    await expect(below).toHaveAttribute("decoding", "async");
    const srcset = (await below.getAttribute("srcset")) ?? "";
    const widths = srcset.split(",").map((entry) => entry.trim().match(/^\/img\/(\d+)\/\S+ (\d+)w$/));
    expect(widths.length).toBeGreaterThanOrEqual(4);
    for (const match of widths) expect(match?.[1]).toBe(match?.[2]);
    await expect(below).toHaveAttribute("sizes", /px/);
    await below.scrollIntoViewIfNeeded();
    await expect
      .poll(() => below.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(await below.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/img\/\d+\/products\//,
    );
  });
});

test.describe("structured data and sharing", () => {
  test("a product page has Product with an offer and BreadcrumbList JSON-LD, Open Graph with an absolute image", async ({
    page,
    request,
  }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const url = [...xml.matchAll(/<loc>([^<]+\/\d+\/[^/<]+\/[^/<]+)<\/loc>/g)].map((match) => match[1])[0];
    await page.goto(url);
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    const product = blocks.find((block) => block["@type"] === "Product");
    expect(product).toBeTruthy();
    expect(product.url).toBe(url);
    expect(["Offer", "AggregateOffer", undefined]).toContain(product.offers?.["@type"]);
    const breadcrumb = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(breadcrumb.itemListElement.length).toBeGreaterThanOrEqual(3);
    expect(breadcrumb.itemListElement.every((item: { item: string }) => /^https?:\/\//.test(item.item))).toBe(
      true,
    );
    // Networks reject SVG: og:image and the Product's images are the 1200 × 630 JPEG cards.
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/img\/og\/products\//);
    expect(product.image[0]).toBe(ogImage);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    const card = await request.get(ogImage!);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/jpeg");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel=alternate][hreflang="cs"]')).toHaveCount(1);
    await expect(page.locator('link[rel=alternate][hreflang="en"]')).toHaveCount(1);
  });

  test("an auction has an AggregateOffer or Offer ending with the auction", async ({ page, request }) => {
    for (let id = 1; id <= 60; id++) {
      const response = await request.get(`/${id}/x`, { maxRedirects: 0 });
      if (response.status() !== 301) continue;
      const html = await (await request.get(response.headers().location)).text();
      if (!html.includes('data-format="auction"') || !html.includes('data-status="active"')) continue;
      await page.goto(response.headers().location);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text),
      );
      const product = blocks.find((block) => block["@type"] === "Product");
      expect(["AggregateOffer", "Offer"]).toContain(product.offers["@type"]);
      expect(product.offers.availabilityEnds).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(product.offers.priceCurrency).toBe("CZK");
      return;
    }
    throw new Error("no live auction among the first 60 products");
  });

  test("each of my pages has a unique title and description", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const path of ["/", "/en", "/blog", "/en/blog", "/2/x"]) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description, path).toBeTruthy();
      expect(seen.has(title), `${path}: ${title}`).toBe(false);
      seen.set(title, path);
    }
  });
});
