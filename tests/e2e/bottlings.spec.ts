import type { Page } from "@playwright/test";
import { answerConsent, expect, signInByApi, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * Bottlings (issue 37, items 3 and 6), in the browser: a seller's first listing of a bottle makes
 * a new bottling ("Žádná z nich"), the next one picks the proposed bottling on its confirmation
 * page, and the bottling's page shows both. A buyer watches the bottling; the seller's third
 * listing of it rings the buyer's bell. A seller's duplicate bottling is merged by the editor into
 * the first one, whose page the duplicate's then redirects to.
 *
 * The listings are live auctions of the seller made by the diagnostics route (a real listing would
 * wait for its insertion fee's payment); a wanted ad ("Sháním") offers no bottle and is never linked.
 */

const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };
const WATCHER = { email: "sberatel9@rarita.test", password: "demo-sberatel" };
const EDITOR = "editor@rarita.test";

async function newPage(
  browser: import("@playwright/test").Browser,
  baseURL: string,
  account?: typeof SELLER,
) {
  const context = await browser.newContext();
  await answerConsent(context, baseURL);
  if (account) await signInByApi(context, baseURL, account);
  return context.newPage();
}

/** A live auction of the seller's with the bottle's name; its confirmation page opened. */
async function listAndConfirm(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/__diagnostics/auction", {
    data: { sellerEmail: SELLER.email, startPriceMinor: 100_000, endsInSeconds: 86_400, name },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/ucet/vase-aukce/potvrzeni?id=${id}`);
  await expect(page.getByRole("heading", { name: "Je to tato láhev?" })).toBeVisible();
  return id;
}

async function bell(page: Page): Promise<number> {
  const badge = page.getByTestId("bell-count");
  return (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
}

test("a seller links listings to a bottling, a watcher hears of a new one, the editor merges a duplicate", async ({
  browser,
  baseURL,
}) => {
  test.slow(); // three accounts and a dozen pages
  const token = `Bt${Date.now().toString(36)}`;
  const brand = `Glen ${token}`;
  const seller = await newPage(browser, baseURL!, SELLER);

  // The first listing of the bottle: nothing to propose, so it founds the bottling.
  await listAndConfirm(seller, `${brand} 12 let`);
  await expect(seller.getByTestId("bottling-candidates")).toHaveCount(0);
  await seller.getByTestId("bottling-none").click();
  await expect(seller.getByTestId("bottling-linked")).toContainText(`${brand} 12 let`);

  // The second: the bottling is proposed, and picked.
  await listAndConfirm(seller, `${brand} 12 Years Old`);
  const candidates = seller.getByTestId("bottling-candidates").getByRole("listitem");
  await expect(candidates).toHaveCount(1);
  await expect(candidates.first()).toContainText(`${brand} 12 let`);
  await candidates.first().getByTestId("bottling-pick").click();
  await expect(seller.getByTestId("bottling-linked")).toBeVisible();
  await seller.getByRole("link", { name: "Stránka láhve" }).click();
  await expect(seller.getByTestId("bottling-name")).toHaveText(`${brand} 12 let`);
  const bottlingUrl = new URL(seller.url()).pathname;
  expect(bottlingUrl).toMatch(/^\/lahve\/\d+-/);
  await expect(seller.getByTestId("product-grid").getByRole("listitem")).toHaveCount(2);
  await expect(seller.getByTestId("bottling-no-results")).toBeVisible();

  // A collector watches the bottling.
  const buyer = await newPage(browser, baseURL!, WATCHER);
  await buyer.goto(bottlingUrl);
  await buyer.getByTestId("bottling-watch").click();
  await expect(buyer.getByTestId("bottling-watching")).toBeVisible();
  await buyer.goto("/ucet/sledovane-aukce");
  await expect(buyer.getByTestId("watched-bottlings")).toContainText(`${brand} 12 let`);
  const before = await bell(buyer);

  // The seller's third listing of it: the buyer's bell rings, the notice names the listing.
  await listAndConfirm(seller, `${brand} 12 years, 0,7 l`);
  await seller.getByTestId("bottling-candidates").getByTestId("bottling-pick").first().click();
  await expect(seller.getByTestId("bottling-linked")).toBeVisible();
  await expect.poll(() => bell(buyer), { timeout: 15_000 }).toBeGreaterThan(before);
  await buyer.goto("/ucet/zpravy");
  await expect(
    buyer.getByText(`Hlídaná láhev je v nabídce: ${brand} 12 years, 0,7 l.`).first(),
  ).toBeVisible();

  // A duplicate: the seller ignores the proposal and founds another bottling.
  await listAndConfirm(seller, `${brand} Twelve`);
  await seller.getByTestId("bottling-none").click();
  await seller.getByRole("link", { name: "Stránka láhve" }).click();
  await expect(seller.getByTestId("bottling-name")).toHaveText(`${brand} Twelve`);
  const duplicateUrl = new URL(seller.url()).pathname;
  const survivorId = Number(/\/lahve\/(\d+)-/.exec(bottlingUrl)?.[1]);
  const duplicateId = Number(/\/lahve\/(\d+)-/.exec(duplicateUrl)?.[1]);

  // The editor finds both, and merges the duplicate into the first.
  const editor = await newPage(browser, baseURL!);
  await signInStaff(editor, EDITOR, { to: "/admin/katalog/lahve" });
  await editor.locator("#admin-bottlings-q").fill(token);
  await editor.getByRole("button", { name: "Hledat" }).click();
  await expect(editor.getByTestId("admin-bottling-row")).toHaveCount(2);
  await editor.getByRole("link", { name: `${brand} Twelve` }).click();
  await expect(editor).toHaveURL(`/admin/katalog/lahve/${duplicateId}`);
  const merge = editor.getByTestId("bottling-merge");
  await merge.getByLabel("ID cílové láhve").fill(String(survivorId));
  await merge.getByRole("button", { name: "Sloučit" }).click();
  await expect(editor).toHaveURL(`/admin/katalog/lahve/${survivorId}?presunuto=1`);
  await expect(editor.getByText("Láhev byla sloučena. Přesunuto nabídek: 1.")).toBeVisible();

  // The duplicate's page now leads to the survivor, which lists all four listings.
  await seller.goto(duplicateUrl);
  await expect(seller).toHaveURL(bottlingUrl);
  await expect(seller.getByTestId("product-grid").getByRole("listitem")).toHaveCount(4);
  await Promise.all([seller.context().close(), buyer.context().close(), editor.context().close()]);
});

test("a demo bottling's page shows its monthly chart and pages its results without JavaScript", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(context, baseURL!);
  const page = await context.newPage();
  // The demo's first bottling has some fifty sales (server/db/seed/demo-collector.ts); a wrong
  // slug answers 301 to its page.
  await page.goto("/lahve/1-x");
  await expect(page).toHaveURL(/\/lahve\/1-[a-z0-9-]+$/);
  const chart = page.getByTestId("price-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("svg > title")).toContainText("medián po měsících");
  const rows = page.getByTestId("bottling-results").locator("tbody tr");
  await expect(rows).toHaveCount(20);
  const firstPage = await rows.allTextContents();

  await page.getByTestId("bottling-results-older").click();
  await expect(page).toHaveURL(/\?starsi=\d+/);
  await expect(rows).toHaveCount(20);
  const secondPage = await rows.allTextContents();
  // The next twenty results, older ones: another table.
  expect(secondPage).not.toEqual(firstPage);
  await page.getByTestId("bottling-results-newest").click();
  await expect(rows.first()).toHaveText(firstPage[0]);
  await context.close();
});
