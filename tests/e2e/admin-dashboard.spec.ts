import type { Page } from "@playwright/test";
import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { screens } from "./screens.ts";
import { signInStaff } from "./staff.ts";

/**
 * The back office's dashboard (docs/product/back-office.md, "Dashboard") with the demo data: the
 * owner sees every queue and every figure drawn as a chart; the accountant only the money's
 * queues; the figures are text in the server's HTML; axe finds nothing. With SCREENS_DIR set, the
 * owner's dashboard is also shot at 1280, 768 and 375 px in both languages for a person to look at.
 */

const queueCards = (page: Page) => page.getByTestId("queue-cards").locator("> li");

async function queueKeys(page: Page): Promise<string[]> {
  const ids = await queueCards(page).evaluateAll((cards) =>
    cards.map((card) => card.getAttribute("data-testid")),
  );
  return ids.map((id) => String(id).replace(/^queue-/, ""));
}

/** Every chart has drawn its bars (recharts' SVG), once the scripts ran and it measured its box. */
async function chartsDrawn(page: Page, count: number) {
  await expect(page.getByTestId("figure-chart")).toHaveCount(count);
  await expect(page.locator('[data-testid="figure-chart"] svg.recharts-surface')).toHaveCount(count);
}

test("the owner sees every queue with its count and link, the week's five figures as charts and as text in the server's HTML, in both languages", async ({
  page,
}) => {
  await signInStaff(page, "admin@rarita.test");
  await expect(page.getByRole("heading", { level: 1, name: "Přehled" })).toBeVisible();
  const keys = await queueKeys(page);
  expect(keys).toEqual(
    expect.arrayContaining([
      "reports",
      "listingsInReview",
      "complaints",
      "ordersToShip",
      "ordersAwaitingTransfer",
      "statementLines",
      "listingsLive",
    ]),
  );
  for (const card of await queueCards(page).all()) {
    await expect(card.getByTestId("queue-count")).toHaveText(/^\d[\d\u00a0]*$/);
  }
  await expect(page.getByTestId("queue-ordersToShip").getByRole("link", { name: "Otevřít" })).toHaveAttribute(
    "href",
    "/admin/objednavky?kind=shop&status=paid",
  );
  await chartsDrawn(page, 5);
  await expect(page.getByRole("table", { name: /^Nové inzeráty po dnech/ }).locator("tbody tr")).toHaveCount(
    7,
  );

  expect(await violations(page)).toEqual([]);

  // Before any script runs, the server's HTML holds the figures as text, and no chart yet.
  const response = await page.request.get("/admin");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Nové inzeráty po dnech");
  expect(html).toContain("Zaplacené objednávky obchodu po dnech");
  expect(html).not.toContain("recharts-surface");

  await screens(page, "admin-dashboard-cs", () => chartsDrawn(page, 5));

  // In English, in the same session.
  await page.goto("/en/admin");
  await expect(page.getByRole("heading", { name: "What waits for whom" })).toBeVisible();
  await expect(page.getByTestId("queue-ordersToShip").getByRole("link", { name: "Open" })).toHaveAttribute(
    "href",
    "/en/admin/orders?kind=shop&status=paid",
  );
  await chartsDrawn(page, 5);
  await screens(page, "admin-dashboard-en", () => chartsDrawn(page, 5));
});

test("the accountant sees only the money's queues, and every figure with the money ones", async ({
  page,
}) => {
  await signInStaff(page, "accountant@rarita.test");
  expect((await queueKeys(page)).sort()).toEqual([
    "ordersAwaitingTransfer",
    "ordersToShip",
    "statementLines",
  ]);
  await expect(page.getByTestId("queue-listingsLive")).toHaveCount(0);
  await expect(page.getByTestId("figure-shopSales")).toBeVisible();
  await expect(page.getByTestId("figure-fees")).toBeVisible();
  await chartsDrawn(page, 5);
});
