/**
 * Screenshots of the listing pages at 375, 768 and 1280 px (not part of the test suite): the add
 * form empty and refused, filled with two photos, the preview, the confirmation, my listings, the
 * edit page and the "write to the seller" page. Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3221 node tests/screens/listings.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/listings-<step>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { answeredContext, launchScreensBrowser, logIn, submitLogin } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3221";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function photo(color: string, label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="${color}"/><rect x="200" y="120" width="200" height="560" rx="40" fill="#f7f3ec" opacity="0.85"/><text x="300" y="420" font-size="64" text-anchor="middle" font-family="Georgia" fill="#1f4f55">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/listings-${name}-${width}.png`, fullPage: true });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
const front = await photo("#7a4a2a", "1");
const back = await photo("#2f5d62", "2");
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(
      page,
      BASE,
      { email: "prodejce@rarita.test", password: "demo-prodejce" },
      "/ucet/vase-aukce/pridat",
    );
    await page.getByTestId("listing-form").waitFor();
    await shot(page, "1-form", width);

    await page.getByRole("button", { name: "Zobrazit náhled" }).click();
    await page.getByTestId("form-errors").waitFor();
    await shot(page, "1-errors", width);

    const form = page.getByTestId("listing-form");
    await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
    await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Karibik › Jamajka" });
    await form.getByTestId("field-brand").fill("Hampden");
    await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
    await form.getByTestId("field-name").fill("Hampden 8 let, 46 %, 0,7 l");
    await form
      .getByTestId("field-description")
      .fill("Neotevřená láhev z první edice.\n\nHladina do hrdla, etiketa bez poškození, původní krabička.");
    await form.getByTestId("image-input").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: front },
      { name: "back.png", mimeType: "image/png", buffer: back },
    ]);
    await page.getByTestId("image-item").nth(1).waitFor();
    await form.getByTestId("field-price").fill("1 500");
    await form.getByTestId("field-reserve").fill("2500");
    await shot(page, "1-filled", width);

    await page.getByRole("button", { name: "Zobrazit náhled" }).click();
    await page.getByTestId("listing-preview").waitFor();
    await shot(page, "2-preview", width);

    await page.getByRole("button", { name: "Odeslat inzerát" }).click();
    await page.getByTestId("listing-confirmation").waitFor();
    await shot(page, "3-confirmation", width);

    await page.goto(`${BASE}/ucet/vase-aukce`);
    await page.getByTestId("my-listings-page").waitFor();
    await shot(page, "mine", width);

    await page.getByTestId("my-listing-edit").first().click();
    await page.getByTestId("listing-edit-page").waitFor();
    await shot(page, "edit", width);

    // An active auction with bids: the edit page's locks.
    await page.goto(`${BASE}/ucet/vase-aukce?filter=active`);
    const withBids = page.locator('[data-testid="my-listing"]').filter({
      has: page.locator('[data-testid="my-listing-bids"] dd:not(:text-is("0"))'),
    });
    if ((await withBids.count()) > 0) {
      await withBids.first().getByTestId("my-listing-edit").click();
      await page.getByTestId("edit-locked-bid").waitFor();
      await shot(page, "edit-locked", width);
    }

    // A classified as a buyer: the offer panel's action, the message page, the confirmation.
    const buyer = await answeredContext(browser, BASE, width);
    const other = await buyer.newPage();
    await other.goto(`${BASE}/hledani?q=rum&format=classified`);
    await other.getByTestId("product-card").first().locator("a").first().click();
    await other.getByTestId("offer-panel").waitFor();
    await other.getByTestId("offer-panel").scrollIntoViewIfNeeded();
    await other.getByTestId("offer-panel").screenshot({ path: `${OUT}/listings-offer-guest-${width}.png` });
    await other.getByTestId("contact-login").click();
    await submitLogin(other, { email: "kupec@rarita.test", password: "demo-kupec" });
    // The login link carries the message page as its redirect: the buyer lands on it, with no
    // "write to the seller" button left to press.
    await other.getByTestId("contact-page").waitFor();
    await shot(other, "contact", width);
    await other
      .getByTestId("contact-message")
      .fill("Dobrý den, je láhev stále k dispozici? Osobní předání v Praze?");
    await other.getByRole("button", { name: "Odeslat zprávu" }).click();
    await other.getByTestId("contact-sent").waitFor();
    await shot(other, "contact-sent", width);
    await buyer.close();
    await context.close();
  }
} finally {
  await browser.close();
}
