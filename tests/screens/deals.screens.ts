/**
 * Screenshots of a deal through the site (issue 35) at 375, 768 and 1280 px, in Czech and English
 * (not part of the test suite): Nákupy with the deal to pay, the deal page to pay, paid (the
 * seller's page to ship), shipped (the buyer's page with the tracking link, the receipt and the
 * dispute form), the dispute, Prodeje with the payouts, the item's return (to send, to confirm),
 * and a personal pickup (the seller's handover, the buyer's one-time code, the seller's code
 * entry). Needs a server of its own with the demo
 * data, the provider simulator and the diagnostics (E2E_DIAGNOSTICS=1); switches deals on:
 *
 *   E2E_DIAGNOSTICS=1 PORT=3260 DATA_DIR=/tmp/screens-data node scripts/start.ts
 *   SCREENS_URL=http://localhost:3260 node tests/screens/deals.screens.ts
 *
 * PNGs go to /tmp/screens/deals-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEALS } from "../../server/db/seed/settings-data.ts";
import { launchScreensBrowser, postDiagnostics, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3260";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const SELLER = { email: "prodejce@rarita.test", password: "demo-prodejce" };
const WIDTHS = [375, 768, 1280];

/** The page at each width, in Czech (`cs`) and at its English twin (`en`). */
async function shoot(page: Page, what: string, csPath: string, enPath: string) {
  for (const [lang, path] of [
    ["cs", csPath],
    ["en", enPath],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE}${path}`);
      await page.screenshot({ path: `${OUT}/deals-${what}-${lang}-${width}.png`, fullPage: true });
    }
  }
}

fs.mkdirSync(OUT, { recursive: true });
await putSetting(BASE, "deals", { ...DEALS, enabled: true });
const browser = await launchScreensBrowser();
try {
  const buyer = (await signedIn(browser, BASE, 1280, BUYER)).page;
  const seller = (await signedIn(browser, BASE, 1280, SELLER)).page;
  /** An auction of the seller with `delivery`, won by the buyer: its deal's id. */
  const wonDeal = async (name: string, delivery: object[]) => {
    const auction = await postDiagnostics(BASE, "/__diagnostics/auction", {
      sellerEmail: SELLER.email,
      startPriceMinor: 1_250_000,
      endsInSeconds: 600,
      name,
      delivery,
    });
    await buyer.goto(`${BASE}${auction.url}`);
    await buyer.getByTestId("auction-live").and(buyer.locator("[data-state=open]")).waitFor();
    await buyer.getByTestId("bid-amount").fill("12500");
    await buyer.getByTestId("bid-submit").click();
    await buyer.getByTestId("bid-confirm-submit").click();
    await postDiagnostics(BASE, `/__diagnostics/auction/${auction.id}`, { endsInSeconds: 1 });
    for (let i = 0; i < 150; i++) {
      await buyer.goto(`${BASE}/ucet/nakupy`);
      if (await buyer.getByTestId("deal-list").getByText(name).count()) break;
      await buyer.waitForTimeout(1000);
    }
    const link = await buyer.getByTestId("deal-list").getByRole("link", { name }).getAttribute("href");
    return link!.split("/").pop();
  };
  const id = await wonDeal("Caroni 1996, 23 let, 60,5 %", [
    { carrier: "zasilkovna", priceMinor: 8_900 },
    { carrier: "ppl", priceMinor: 14_900 },
    { carrier: "pickup", town: "Praha" },
  ]);
  const deal = (lang: "cs" | "en") => (lang === "cs" ? `/ucet/obchody/${id}` : `/en/account/deals/${id}`);
  await shoot(buyer, "purchases", "/ucet/nakupy", "/en/account/purchases");
  await shoot(buyer, "to-pay", deal("cs"), deal("en"));

  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await buyer.getByTestId("deal-status").waitFor();
  await shoot(seller, "to-ship", deal("cs"), deal("en"));
  await seller.goto(`${BASE}${deal("cs")}`);
  await seller.getByLabel("Číslo zásilky").fill("Z 4401 2277 18");
  await seller.getByRole("button", { name: "Označit jako odeslané" }).click();
  await seller.getByText("Označeno jako odeslané.").waitFor();
  await shoot(buyer, "shipped", deal("cs"), deal("en"));

  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByLabel("Důvod").selectOption("damaged");
  await buyer.getByLabel("Co se stalo").fill("Pečeť je prasklá a část rumu vytekla do krabice.");
  await buyer.getByRole("button", { name: "Otevřít spor" }).click();
  await buyer.getByTestId("dispute").waitFor();
  await shoot(seller, "dispute", deal("cs"), deal("en"));
  await shoot(seller, "sales", "/ucet/prodeje", "/en/account/sales");

  // The item's return for the whole payment: proposed by the buyer, accepted by the seller, sent.
  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByRole("button", { name: "Navrhnout vrácení zboží" }).click();
  await buyer.getByText("Návrh vrácení zboží odešel druhé straně.").waitFor();
  await seller.goto(`${BASE}${deal("cs")}`);
  await seller.getByRole("button", { name: "Přijmout návrh" }).click();
  await seller.getByTestId("dispute").and(seller.locator("[data-status=returning]")).waitFor();
  await shoot(buyer, "return-to-send", deal("cs"), deal("en"));
  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByTestId("return-ship").getByLabel("Číslo zásilky").fill("DR 7781 2290");
  await buyer.getByRole("button", { name: "Zásilka odeslána" }).click();
  await buyer.getByText("Číslo zásilky jsme předali prodávajícímu.").waitFor();
  await shoot(seller, "return-to-confirm", deal("cs"), deal("en"));

  // Personal pickup: the seller readies the goods, the buyer's code, the seller's code entry.
  const pickupId = await wonDeal("Hampden 2010, LROK, 62,5 %", [
    { carrier: "pickup", town: "České Budějovice" },
  ]);
  const pickup = (lang: "cs" | "en") =>
    lang === "cs" ? `/ucet/obchody/${pickupId}` : `/en/account/deals/${pickupId}`;
  await buyer.goto(`${BASE}${pickup("cs")}`);
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await buyer.getByTestId("deal-status").waitFor();
  await shoot(seller, "hand-over", pickup("cs"), pickup("en"));
  await seller.goto(`${BASE}${pickup("cs")}`);
  await seller.getByRole("button", { name: "Připraveno k předání" }).click();
  await seller.getByTestId("deal-pickup-code").waitFor();
  await shoot(buyer, "pickup-code", pickup("cs"), pickup("en"));
  await shoot(seller, "enter-code", pickup("cs"), pickup("en"));
} finally {
  await browser.close();
}
