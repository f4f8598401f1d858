import { expect, test } from "./fixtures.ts";

/** The shared fixture's age cookie value is not the one the age gate reads ("1"); answer it here too, and keep the intro popup away. */
test.beforeEach(async ({ context, baseURL }) => {
  const domain = new URL(baseURL!).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
});

test.describe("blog", () => {
  test("the list shows published articles with categories and filters by category", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Magazín");
    const cards = page.getByTestId("blog-card");
    expect(await cards.count()).toBeGreaterThan(2);
    // The scheduled (future) article is never listed.
    await expect(page.getByText("Připravujeme: velký test demerarských rumů")).toHaveCount(0);

    const category = page.getByTestId("blog-category").first();
    const name = (await category.evaluate((node) => node.firstChild?.textContent ?? "")).trim();
    const count = Number(await category.locator("span").textContent());
    await category.click();
    await expect(page).toHaveURL(/\/blog\?kategorie=\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(cards).toHaveCount(Math.min(count, 9));
    for (const card of await cards.all()) await expect(card).toContainText(name);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/blog\?kategorie=\d+$/);

    expect((await page.goto("/blog?kategorie=9999"))?.status()).toBe(404);
    expect((await page.goto("/blog?strana=99"))?.status()).toBe(404);
  });

  test("an article renders its body, cover and Prague date, and a wrong slug redirects", async ({
    page,
    request,
  }) => {
    await page.goto("/blog");
    const link = page.getByTestId("blog-card").first().locator("a");
    const href = (await link.getAttribute("href"))!;
    const title = (await link.textContent())!.trim();
    const [, id] = href.match(/^\/blog\/(\d+)\/[a-z0-9-]+$/)!;

    const wrong = await request.get(`/blog/${id}/spatny-slug`, { maxRedirects: 0 });
    expect(wrong.status()).toBe(301);
    expect(wrong.headers().location).toBe(href);
    expect((await request.get("/blog/999999/nic", { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get("/blog/abc/nic", { maxRedirects: 0 })).status()).toBe(404);

    await page.goto(href);
    await expect(page.getByTestId("article-title")).toHaveText(title);
    await expect(page.getByTestId("article-body").locator("p").first()).toBeVisible();
    await expect(page.getByTestId("article-cover")).toHaveAttribute("src", /^\/img\/\d+\/blog\//);
    const datetime = await page.getByTestId("article-date").getAttribute("datetime");
    const expected = new Intl.DateTimeFormat("cs-CZ", {
      timeZone: "Europe/Prague",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(new Date(datetime!));
    await expect(page.getByTestId("article-date")).toHaveText(expected);
    await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    expect(blocks.map((block) => block["@type"])).toEqual(
      expect.arrayContaining(["BlogPosting", "BreadcrumbList"]),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https?:\/\/.+\/img\/og\/blog\//,
    );

    // The English twin: its own slug, reached from the Czech one by redirect.
    const english = await request.get(`/en/blog/${id}/x`, { maxRedirects: 0 });
    expect(english.status()).toBe(301);
    const enHref = english.headers().location;
    expect(enHref).toMatch(new RegExp(`^/en/blog/${id}/[a-z0-9-]+$`));
    await page.goto(enHref);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('link[rel=alternate][hreflang="cs"]')).toHaveAttribute(
      "href",
      new RegExp(`${href}$`),
    );
  });

  test("the English list speaks English and paginates with crawlable links", async ({ page }) => {
    await page.goto("/en/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Magazine");
    await expect(page.getByTestId("blog-card").first().locator("a")).toHaveAttribute(
      "href",
      /^\/en\/blog\/\d+\//,
    );
    const pagination = page.getByTestId("blog-pagination");
    if (await pagination.count()) {
      await pagination.getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL("/en/blog?strana=2");
      await expect(page.getByTestId("blog-card").first()).toBeVisible();
    }
  });
});
