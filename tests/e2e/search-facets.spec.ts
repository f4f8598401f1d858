import { answerConsent, expect, test } from "./fixtures.ts";

/**
 * The attribute facets of a search (issue 37; docs/product/collector-data.md, "Facets"): a search
 * for whisky offers the age, the bottler and the country of its hits with counts; an age range
 * narrows it and keeps the words; the URL gives the same page without scripts; a search for cigars
 * offers no age.
 */

/** The number of results the page states ("48 položek"). */
const resultCount = async (page: import("@playwright/test").Page) =>
  Number((await page.getByTestId("result-count").locator("strong").textContent())?.replace(/\D/g, ""));

test("a search for whisky filters by age, keeping its words, with and without scripts", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/hledani?q=whisky");
  await page.waitForLoadState("networkidle");
  const filters = page.getByTestId("filters");
  // The age as a range whose placeholders are the smallest and largest age of the hits.
  await expect(filters.getByTestId("facet-age_years-from")).toHaveAttribute("placeholder", /^\d+$/);
  await expect(filters.getByTestId("facet-bottler_kind")).toContainText("Oficiální (palírna)");
  const all = await resultCount(page);
  expect(all).toBeGreaterThan(0);

  await filters.getByTestId("facet-age_years-from").fill("18");
  await filters.getByTestId("facet-age_years-to").fill("40");
  await filters.getByTestId("filters-submit").click();
  await expect(page).toHaveURL(/q=whisky.*p_age_years_od=18&p_age_years_do=40/);
  // The router pushes the URL before React renders the new page: wait for the page's own chip.
  await expect(page.getByTestId("active-filters")).toContainText("Stáří: 18–40");
  await expect(filters).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("whisky");
  const aged = await resultCount(page);
  expect(aged).toBeGreaterThan(0);
  expect(aged).toBeLessThan(all);
  // Every hit left is a spirit with an age, each with its bottler: the bottler's counts add up to them.
  const counts = await filters.getByTestId("facet-bottler_kind").locator(".filter-count").allTextContents();
  expect(counts.map(Number).reduce((sum, count) => sum + count, 0)).toBe(aged);
  const filtered = page.url();

  // The URL alone, without scripts, gives the same page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(plain, baseURL!);
  const bare = await plain.newPage();
  try {
    await bare.goto(filtered);
    expect(await resultCount(bare)).toBe(aged);
    await expect(bare.getByTestId("facet-age_years-from")).toHaveValue("18");
    await expect(bare.getByTestId("active-filters")).toContainText("Stáří: 18–40");
  } finally {
    await plain.close();
  }
});

test("a search for cigars offers their vitola, not a spirit's age", async ({ page }) => {
  await page.goto("/hledani?q=cohiba");
  const filters = page.getByTestId("filters");
  await expect(filters.getByTestId("facet-vitola")).toBeVisible();
  await expect(filters.getByTestId("facet-age_years")).toHaveCount(0);
  await expect(filters).not.toContainText("Stáří");
});

test("an English search shows the facets' English labels", async ({ page }) => {
  await page.goto("/en/search?q=whisky");
  const filters = page.getByTestId("filters");
  await expect(filters.getByTestId("facet-bottler_kind")).toContainText("Official (distillery)");
  await expect(filters).toContainText("Age");
});
