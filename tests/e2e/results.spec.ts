import type { Page } from "@playwright/test";
import { answerConsent, DEMO, expect, signedIn, test } from "./fixtures.ts";

/**
 * The archive of results and the price index (issue 37, items 4 and 5; docs/product/results.md,
 * docs/product/price-index.md): an auction that ends with a winner is found in the archive by its
 * name, its page keeps its final price, the filters work without JavaScript, and the index page
 * shows its chart and table and downloads its CSV.
 */

/** Bids the prefilled minimum through the page's form and confirms it. */
async function bidMinimum(page: Page) {
  await page.getByTestId("bid-submit").click();
  const confirm = page.getByTestId("bid-confirm");
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("bid-leading")).toBeVisible();
}

test("a won auction appears in the archive, keeps its final price, and the filters work without JavaScript", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A name word nobody else has, so that search finds this one result.
  const word = `vysledek${Date.now().toString(36)}`;
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 123_400,
      endsInSeconds: 600,
      name: `Springbank 21 ${word}`,
    },
  });
  expect(created.status()).toBe(200);
  const auction = (await created.json()) as { id: number; url: string };
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  await buyer.goto(auction.url);
  await bidMinimum(buyer);
  await request.post(`/__diagnostics/auction/${auction.id}`, { data: { endsInSeconds: 2 } });
  await expect(buyer.getByTestId("status-banner")).toHaveAttribute("data-status", "sold", {
    timeout: 30_000,
  });
  // The ended auction's page keeps its result: the final price, sold.
  await buyer.reload();
  await expect(buyer.getByTestId("status-banner")).toHaveAttribute("data-status", "sold");
  await expect(buyer.getByText("Konečná cena", { exact: true })).toBeVisible();
  await expect(buyer.getByTestId("auction-current-price")).toHaveText("1 234,00 Kč");

  // Without JavaScript: the GET form is the archive's whole interface.
  const context = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(context, baseURL!);
  const page = await context.newPage();
  const row = page.getByTestId("result-row").filter({ hasText: word });
  // The result is recorded by a job right after the close commits: the archive shows it soon.
  await expect(async () => {
    await page.goto(`/vysledky?q=${word}`);
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByTestId("result-price")).toHaveText("1 234,00 Kč");
  await expect(row).toContainText("Aukce");
  // No seller or buyer on the archive.
  await expect(page.getByTestId("results-archive")).not.toContainText("prodejce");
  await expect(page.getByTestId("results-archive")).not.toContainText("kupec");

  // Filters by the form: the kind "sale" leaves it out, a price range around it keeps it.
  const filters = page.getByTestId("results-filters");
  await filters.getByLabel("Druh").selectOption("deal");
  await filters.getByRole("button", { name: "Zobrazit výsledky" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}.*kind=deal`));
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("results-count")).toHaveText("0 výsledků");
  await filters.getByLabel("Druh").selectOption("auction");
  await filters.getByLabel("Cena od (Kč)").fill("1000");
  await filters.getByLabel("Cena do (Kč)").fill("1300");
  await filters.getByRole("button", { name: "Zobrazit výsledky" }).click();
  await expect(page).toHaveURL(/priceFrom=1000&priceTo=1300/);
  await expect(row).toHaveCount(1);
  // The row leads to the ended listing's page.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/${auction.id}/`));

  // The English twin finds it too.
  await page.goto(`/en/results?q=${word}`);
  await expect(page.getByTestId("result-row").filter({ hasText: word })).toContainText("Auction");
  await context.close();
});

test("the archive counts up to 100 and pages on past the count by plain links", async ({ page }) => {
  // The demo's archive has hundreds of results: the count stops at 100, the pages go on.
  await page.goto("/vysledky");
  await expect(page.getByTestId("results-count")).toHaveText("Více než 100 výsledků");
  const rows = page.getByTestId("result-row");
  await expect(rows).toHaveCount(25);
  const lastOfFirst = await rows.last().getAttribute("data-product-id");
  await page.getByTestId("results-next").click();
  await expect(page).toHaveURL(/after=\d+&page=2/);
  await expect(page.getByTestId("results-count")).toHaveText("Strana 2");
  await expect(rows).toHaveCount(25);
  // The second page starts after the first's last row: none of the first page's rows again.
  await expect(page.locator(`[data-testid="result-row"][data-product-id="${lastOfFirst}"]`)).toHaveCount(0);
  await page.getByTestId("results-first").click();
  await expect(page.getByTestId("results-count")).toHaveText("Více než 100 výsledků");
  await page.goto("/en/results");
  await expect(page.getByTestId("results-count")).toHaveText("More than 100 results");
});

test("the price index page shows its chart and table by category and downloads its CSV", async ({
  page,
  request,
}) => {
  // The sweep and the index job as if it were two months on, so that this month is frozen too.
  const now = new Date();
  const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 3));
  const run = await request.post("/__diagnostics/results", { data: { at: later.toISOString() } });
  expect(run.status()).toBe(200);

  await page.goto("/vysledky/cenovy-index");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cenový index Rarita");
  const chart = page.getByTestId("index-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("title")).toHaveText("Cenový index – Celý trh");
  // The demo's three years: the table lists the last 24 months, a link lists them all.
  const rows = page.getByTestId("index-table").locator("tbody tr");
  await expect(rows).toHaveCount(24);
  await page.getByTestId("index-table-all").click();
  await expect(page).toHaveURL(/vse=1/);
  expect(await rows.count()).toBeGreaterThan(24);
  // The base month is 100 with a decimal comma.
  await expect(rows.last().locator("td").first()).toHaveText("100,00");
  await page.getByTestId("index-table-recent").click();
  await expect(rows).toHaveCount(24);

  // A category of its own: the choice is a GET form, the URL carries it.
  const scope = page.getByTestId("index-scope").getByLabel("Trh");
  const options = await scope.locator("option").allTextContents();
  expect(options.length).toBeGreaterThan(1);
  await scope.selectOption({ index: 1 });
  await page.getByRole("button", { name: "Zobrazit" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(chart.locator("title")).not.toHaveText("Cenový index – Celý trh");

  // The CSV: a download with the Czech spreadsheet's separator and decimal comma.
  const csv = await request.get("/vysledky/cenovy-index.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="rarita-cenovy-index-trh.csv"');
  const text = await csv.text();
  expect(text.replace(/^\ufeff/, "").split("\r\n")[0]).toBe("mesic;index;opakovane_prodeje;prevzato");
  expect(text).toMatch(/\r\n\d{4}-\d{2};100,00;0;ne\r\n/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("index-csv").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rarita-cenovy-index-\d+\.csv$/);

  // The English twin: decimal point, comma-separated.
  const english = await request.get("/en/results/price-index.csv");
  expect((await english.text()).replace(/^\ufeff/, "").split("\r\n")[0]).toBe(
    "month,index,repeat_sales,carried",
  );
});

/** Whether a select shows its chosen option whole (its text, padding and arrow inside its box). */
const showsWhole = (select: ReturnType<Page["getByLabel"]>) =>
  select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(element.selectedOptions[0]?.text ?? "").width;
    const arrow = 20;
    return (
      text + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) + arrow <=
      element.clientWidth
    );
  });

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("on a phone the archive and the index fit the screen, and a cigar's result has no fill level", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/vysledky");
  const filters = page.getByTestId("results-filters");
  for (const label of ["Kategorie", "Výška hladiny", "Druh", "Řadit"])
    expect(await showsWhole(filters.getByLabel(label, { exact: true })), label).toBe(true);
  expect(await pageScrollsSideways(page)).toBe(false);

  // Cigars: no "Hladina: neuvedena" line; spirits: every row says its fill level or that none was given.
  await filters.getByLabel("Kategorie", { exact: true }).selectOption({ label: "Doutníky a tabák" });
  await filters.getByRole("button", { name: "Zobrazit výsledky" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  const rows = page.getByTestId("result-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: "Hladina" })).toHaveCount(0);
  await expect(rows.getByTestId("result-fill")).toHaveCount(0);
  await filters.getByLabel("Kategorie", { exact: true }).selectOption({ label: "Alkohol" });
  await filters.getByRole("button", { name: "Zobrazit výsledky" }).click();
  await expect(rows.first().getByTestId("result-fill")).toContainText("Hladina:");
  expect(await rows.getByTestId("result-fill").count()).toBe(await rows.count());

  // The index: the phone's own drawing, no sideways scroll (Czech months are the longer ones).
  for (const path of ["/vysledky/cenovy-index", "/en/results/price-index"]) {
    await page.goto(path);
    await expect(page.getByTestId("index-chart-narrow")).toBeVisible();
    await expect(page.getByTestId("index-chart")).toBeHidden();
    expect(await pageScrollsSideways(page), path).toBe(false);
  }
});
