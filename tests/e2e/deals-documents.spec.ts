import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { bid, RIVAL, SIMULATOR } from "./deal-helpers.ts";
import { DEMO, expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";

/**
 * The operator's tax document for a deal's fee (issue 35, item 2; ADR 0081), as the buyer and the
 * seller see it: once the buyer confirms receipt, the buyer's deal page lists the buyer-protection
 * invoice under "Doklady" and opens it with the fee's amount and VAT, never the goods' price; the
 * seller does not see the buyer's document (404). The e2e deals setting has no commission (the
 * other deal stories on this server count on it), so the seller has no document of their own
 * here; the commission's invoice is checked in server/modules/deals/fee-invoices.test.ts.
 *
 * On the deals' server (the "deals" project of playwright.config.ts). With DEAL_DOCUMENT_SCREENS
 * set to a folder, it also saves the two pages at 375, 768 and 1280 px in Czech and English.
 */

const SCREENS = process.env.DEAL_DOCUMENT_SCREENS;

/** The page at each width in Czech and at its English twin (only with DEAL_DOCUMENT_SCREENS). */
async function shoot(page: Page, what: string, csPath: string) {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  const enPath = csPath
    .replace("/ucet/obchody/", "/en/account/deals/")
    .replace("/doklad/", "/document/")
    .replace("/ucet/platba", "/en/account/payment");
  for (const [lang, path] of [
    ["cs", csPath],
    ["en", enPath],
  ] as const)
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.screenshot({ path: `${SCREENS}/${what}-${lang}-${width}.png`, fullPage: true });
    }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("after the buyer confirms receipt, the buyer's deal page shows the buyer-protection invoice", async ({
  browser,
  baseURL,
  request,
}) => {
  // The screenshots (when asked for) take their own time.
  test.setTimeout(SCREENS ? 300_000 : 120_000);
  const name = `Port Ellen 1982 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const rival = await signedIn(browser, baseURL!, RIVAL);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 100_000,
      endsInSeconds: 600,
      name,
      delivery: [{ carrier: "zasilkovna", priceMinor: 8_900 }],
    },
  });
  const auction = (await created.json()) as { id: number; url: string };
  await rival.goto(auction.url);
  await expect(rival.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await bid(rival, "1000");
  await buyer.goto(auction.url);
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await bid(buyer, "1200");
  await request.post(`/__diagnostics/auction/${auction.id}`, { data: { endsInSeconds: 1 } });
  await expect(async () => {
    await buyer.goto("/ucet/nakupy");
    await expect(buyer.getByTestId("deal-list").getByText(name)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await buyer.getByTestId("deal-list").getByRole("link", { name }).click();
  await expect(buyer).toHaveURL(/\/ucet\/obchody\/\d+$/);
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  const dealPath = new URL(buyer.url()).pathname;
  // No document before the money is settled.
  await expect(buyer.getByTestId("deal-documents")).toBeHidden();

  // Paid by card at the provider, shipped by the seller, confirmed by the buyer.
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
  await seller.goto("/ucet/prodeje");
  await seller.getByTestId("deal-list").getByRole("link", { name }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
  await seller.getByLabel("Číslo zásilky").fill("Z 9876 5432");
  await seller.getByRole("button", { name: "Označit jako odeslané" }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Odesláno");
  await buyer.reload();
  await buyer.getByRole("button", { name: "Potvrzuji převzetí" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Dokončeno");

  // The invoice is issued by a job right after: the buyer's page lists it (63 Kč: 5 % + 10 Kč, less
  // the buyer's 10 % group discount).
  const documents = buyer.getByTestId("deal-documents");
  await expect(async () => {
    await buyer.reload();
    await expect(documents).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const document = documents.getByTestId("deal-document");
  await expect(document).toHaveCount(1);
  await expect(document).toContainText("Ochrana kupujícího");
  await expect(document).toContainText("63,00 Kč");
  await shoot(buyer, "deal-documents", dealPath);
  await buyer.goto(dealPath);
  await document.getByRole("link", { name: "Zobrazit a vytisknout" }).click();
  await expect(buyer.getByTestId("invoice-document")).toBeVisible();
  await expect(buyer.getByTestId("invoice-lines")).toContainText("Ochrana kupujícího");
  await expect(buyer.getByTestId("invoice-lines")).not.toContainText("1 200,00 Kč");
  await expect(buyer.getByTestId("invoice-total")).toHaveText("63,00 Kč");
  // VAT included: 63 × 21 / 121 = 10,93 Kč.
  await expect(buyer.getByTestId("invoice-vat")).toHaveText("10,93 Kč");
  const documentPath = new URL(buyer.url()).pathname;
  expect(documentPath).toMatch(/\/ucet\/obchody\/\d+\/doklad\/\d{10}$/);
  await shoot(buyer, "deal-document", documentPath);

  // The account's payments list it too.
  await buyer.goto("/ucet/platba");
  const listed = buyer.getByTestId("deal-documents-list").getByTestId("deal-documents-row");
  await expect(listed.filter({ hasText: documentPath.split("/").pop() ?? "" })).toContainText("63,00 Kč");
  await shoot(buyer, "payments", "/ucet/platba");

  // The seller (no commission here) has no document, and never sees the buyer's.
  await seller.goto(dealPath);
  await expect(seller.getByTestId("deal-status")).toHaveText("Dokončeno");
  await expect(seller.getByTestId("deal-documents")).toBeHidden();
  const foreign = await seller.goto(documentPath);
  expect(foreign?.status()).toBe(404);
  const stranger = await rival.goto(documentPath);
  expect(stranger?.status()).toBe(404);
  for (const page of [buyer, rival, seller]) await page.context().close();
});
