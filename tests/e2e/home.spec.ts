import { expect as baseExpect, test as baseTest } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** The shared fixture's age cookie value is not the one the age gate reads ("1"); answer it here too, and keep the intro popup away. */
test.beforeEach(async ({ context, baseURL }) => {
  const domain = new URL(baseURL!).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
});

baseTest("the Czech home page is served in Czech with the free delivery note", async ({ page }) => {
  const response = await page.goto("/");
  baseExpect(response?.status()).toBe(200);
  await baseExpect(page.locator("html")).toHaveAttribute("lang", "cs");
  await baseExpect(page).toHaveTitle(/Rarita/);
  await baseExpect(page.locator("body")).toContainText(/doprava zdarma[^.]*1\s500\sKč/i);
});

baseTest("the English home page is served under /en", async ({ page }) => {
  const response = await page.goto("/en");
  baseExpect(response?.status()).toBe(200);
  await baseExpect(page.locator("html")).toHaveAttribute("lang", "en");
  await baseExpect(page).toHaveTitle(/Rarita/);
  await baseExpect(page.getByTestId("free-delivery")).toContainText(/free delivery[^.]*1\s500\sCZK/i);
});

baseTest("the health endpoint answers ok", async ({ request }) => {
  const response = await request.get("/api/health");
  baseExpect(response.status()).toBe(200);
  baseExpect(await response.json()).toMatchObject({ status: "ok" });
});

baseTest("an unknown path answers 404 with a page", async ({ page }) => {
  const response = await page.goto("/tahle-stranka-neexistuje");
  baseExpect(response?.status()).toBe(404);
  await baseExpect(page.locator("html")).toHaveAttribute("lang", "cs");
});

test.describe("the shop window", () => {
  for (const [path, lang] of [
    ["/", "cs"],
    ["/en", "en"],
  ] as const) {
    test(`${path} shows the promo banners, topped, ending and newest products, featured categories and the magazine`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByTestId("home-hero").getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("home-promos").locator("img").first()).toBeVisible();
      for (const section of ["home-topped", "home-ending", "home-newest"]) {
        const links = page.getByTestId(section).locator('a[href*="/"]');
        await expect(links.first(), section).toBeVisible();
      }
      // Products link to canonical detail URLs of the page's language.
      const productLink = page.getByTestId("home-newest").getByTestId("product-card").locator("a").first();
      await expect(productLink).toHaveAttribute(
        "href",
        lang === "en" ? /^\/en\/\d+\/[^/]+\/[^/]+$/ : /^\/\d+\/[^/]+\/[^/]+$/,
      );
      const categories = page.getByTestId("featured-category");
      await expect(categories).toHaveCount(8);
      await expect(categories.first()).toHaveAttribute(
        "href",
        lang === "en" ? /^\/en\/\d+\/[a-z0-9-]+$/ : /^\/\d+\/[a-z0-9-]+$/,
      );
      const posts = page.getByTestId("home-blog").getByTestId("blog-card");
      await expect(posts).toHaveCount(3);
      await expect(posts.first().locator("a")).toHaveAttribute(
        "href",
        lang === "en" ? /^\/en\/blog\/\d+\// : /^\/blog\/\d+\//,
      );
    });
  }

  test("the hero shows the auction closest to its end, with a live countdown", async ({ page }) => {
    await page.goto("/");
    const spotlight = page.getByTestId("home-spotlight");
    await expect(spotlight).toHaveAttribute("href", /^\/\d+\/[^/]+\/[^/]+$/);
    const countdown = spotlight.getByTestId("countdown");
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
  });

  test("the home page carries Organization and WebSite JSON-LD, canonical and hreflang links", async ({
    page,
  }) => {
    await page.goto("/");
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    const organization = blocks.find((block) => block["@type"] === "Organization");
    expect(organization).toMatchObject({
      name: "Rarita",
      url: expect.stringMatching(/^https?:\/\/[^/]+\/$/),
    });
    expect(blocks.some((block) => block["@type"] === "WebSite")).toBe(true);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /^https?:\/\/[^/]+\/$/);
    await expect(page.locator('link[rel=alternate][hreflang="en"]')).toHaveAttribute("href", /\/en$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /1\s500\sKč/);
  });
});
