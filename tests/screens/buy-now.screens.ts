/**
 * Screenshots of buy-it-now and the monthly round's close (issue 39, items 3 and 4) at 375, 768
 * and 1280 px, in Czech and English (not part of the test suite): the product page's "Kup hned"
 * box and its binding confirmation, the listing form's buy-it-now field refused under the lowest
 * price, and the monthly auctions page while this month's round closes (its lots drawn into slots
 * through /__diagnostics/closing-round, the page read at 20:00:30 through the `diagnostics-now`
 * cookie). Run against a server of its own started with E2E_DIAGNOSTICS=1:
 *
 *   SCREENS_URL=http://localhost:3410 node tests/screens/buy-now.screens.ts
 *
 * PNGs go to /tmp/screens/buy-now-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { toPragueWallClock } from "#core/time/prague.ts";
import { photo } from "../e2e/wanted-ad.ts";
import { launchScreensBrowser, postDiagnostics, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3410";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };
const WIDTHS = [375, 768, 1280];
const LANGS = ["cs", "en"] as const;

/** The same page in English: the header's language link, read (on a phone it hides in a menu). */
async function english(page: Page) {
  const href = await page.locator("a", { hasText: "EN – English" }).first().getAttribute("href");
  await page.goto(new URL(href!, BASE).href);
}

/** Fills the form as a rum auction from 1 000 Kč, buy it now for 1 100 Kč (under 1 000 + 20 %). */
async function fillTooLowBuyNow(page: Page) {
  const form = page.getByTestId("listing-form");
  await form.locator("[data-hydrated]").waitFor();
  await form.getByTestId("field-category").selectOption({ index: 1 });
  await form.getByTestId("field-subcategory").selectOption({ index: 1 });
  await form.getByTestId("field-package").selectOption({ index: 1 });
  await form.getByTestId("field-name").fill("Hampden Estate 8 let, 46 %");
  await form.getByTestId("field-description").fill("Původní krabička, hladina do hrdla.");
  await form.getByTestId("field-price").fill("1000");
  await form.getByTestId("field-reserve").fill("1200");
  await form.getByTestId("field-buy-now").fill("1100");
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#8b1e3f") }]);
  await form.getByTestId("image-item").first().waitFor();
}

fs.mkdirSync(OUT, { recursive: true });
const wall = toPragueWallClock(new Date());
const round = (await postDiagnostics(BASE, "/__diagnostics/closing-round", {
  sellerEmail: "prodejce@rarita.test",
  round: `${wall.year}-${String(wall.month).padStart(2, "0")}`,
  startPriceMinor: 180_000,
  names: [
    "Caroni 1996, 23 let, Velier",
    "Appleton Estate 21 let, 0,7 l",
    "Hampden Great House 2020",
    "Worthy Park 2010 Single Estate",
    "Foursquare Exceptional Cask Mark XX",
    "Diplomático Ambassador, 47 %",
    "Rhum J.M 1997 Millésime",
    "Mount Gay 1703 Master Select",
  ],
})) as unknown as { roundCloseAt: string };
const closingAt = new Date(new Date(round.roundCloseAt).getTime() + 30_000).toISOString();

const browser = await launchScreensBrowser();
try {
  for (const width of WIDTHS) {
    const auction = await postDiagnostics(BASE, "/__diagnostics/auction", {
      sellerEmail: "prodejce@rarita.test",
      startPriceMinor: 250_000,
      buyNowPriceMinor: 320_000,
      endsInSeconds: 3 * 24 * 3600,
      name: `Caroni 1998, 20 let, Velier (${width})`,
    });
    for (const lang of LANGS) {
      const name = (what: string) => `${OUT}/buy-now-${what}-${lang}-${width}.png`;
      const buyer = await signedIn(browser, BASE, width, BUYER);
      await buyer.page.goto(`${BASE}${auction.url}`);
      if (lang === "en") await english(buyer.page);
      await buyer.page.getByTestId("auction-live").and(buyer.page.locator("[data-state=open]")).waitFor();
      const panel = buyer.page.getByTestId("auction-panel");
      await panel.screenshot({ path: name("box") });
      await buyer.page.getByTestId("buy-now-open").click();
      await buyer.page.getByTestId("buy-now-binding").waitFor();
      await panel.screenshot({ path: name("confirm") });

      // The monthly page at 20:00:30 of this month's last day.
      await buyer.context.addCookies([
        { name: "diagnostics-now", value: closingAt, domain: new URL(BASE).hostname, path: "/" },
      ]);
      await buyer.page.goto(`${BASE}${lang === "en" ? "/en/monthly-auctions" : "/mesicni-aukce"}`);
      await buyer.page.getByTestId("closing-round").waitFor();
      await buyer.page.screenshot({ path: name("monthly") });
      await buyer.page.getByTestId("closing-round").screenshot({ path: name("monthly-strip") });
      await buyer.context.close();

      const seller = await signedIn(browser, BASE, width, SELLER);
      await seller.page.goto(`${BASE}/ucet/vase-aukce/pridat`);
      if (lang === "en") await english(seller.page);
      await fillTooLowBuyNow(seller.page);
      // The sticky header would lie over the section's shot once the page scrolls to the errors.
      await seller.page.addStyleTag({
        content: "[data-testid=site-header] { position: static !important; }",
      });
      const price = seller.page.getByTestId("form-section-price");
      await price.screenshot({ path: name("form") });
      await seller.page.locator("button[name=intent][value=preview]").click();
      await price.locator("[data-field-error]").first().waitFor();
      await price.screenshot({ path: name("form-refused") });
      await seller.context.close();
    }
  }
} finally {
  await browser.close();
}
