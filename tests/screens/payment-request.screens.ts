/**
 * Screenshots of a payment request in a classified's conversation (issue 35, item 1) at 375, 768
 * and 1280 px, in Czech and English (not part of the test suite): the seller's form opened, the
 * form refused with its field errors, the buyer's card to accept, the seller's open card, and the
 * accepted card. Needs a server of its own with the demo data and the provider simulator:
 *
 *   E2E_PORT=3291 E2E_MARKETPLACE_PORT=3292 node scripts/e2e-server.ts
 *   SCREENS_URL=http://localhost:3291 SCREENS_OUT=/tmp/h-request-screens node tests/screens/payment-request.screens.ts
 *
 * PNGs go to SCREENS_OUT (default /tmp/screens) as payment-request-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { DEALS } from "../../server/db/seed/settings-data.ts";
import { launchScreensBrowser, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3291";
const OUT = process.env.SCREENS_OUT ?? "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const SELLER = { email: "prodejce@rarita.test", password: "demo-prodejce" };
const WIDTHS = [375, 768, 1280];

/** The thread at each width, in both languages; `before` runs after each load (opening the form). */
async function shoot(page: Page, what: string, threadId: number, before?: (page: Page) => Promise<void>) {
  for (const [lang, path] of [
    ["cs", `/ucet/zpravy/${threadId}`],
    ["en", `/en/account/messages/${threadId}`],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE}${path}`);
      if (before) await before(page);
      await page.screenshot({ path: `${OUT}/payment-request-${what}-${lang}-${width}.png`, fullPage: true });
    }
  }
}

fs.mkdirSync(OUT, { recursive: true });
await putSetting(BASE, "deals", { ...DEALS, enabled: true });
const browser = await launchScreensBrowser();
try {
  const buyer = (await signedIn(browser, BASE, 1280, BUYER)).page;
  const seller = (await signedIn(browser, BASE, 1280, SELLER)).page;
  const api = await seller.request.get(`${BASE}/api/me/advertisements?filter=active`);
  const listings = ((await api.json()) as { data: { id: number; format: string; type: string }[] }).data;
  const product = listings.filter((item) => item.format === "classified" && item.type === "supply")[0];
  await buyer.goto(`${BASE}/ucet/zpravy/napsat/${product.id}`);
  await buyer.getByTestId("contact-message").fill("Dobrý den, vzal bych to za 1 500 Kč i se Zásilkovnou.");
  await buyer.getByRole("button", { name: "Odeslat zprávu" }).click();
  await buyer.getByTestId("contact-sent").waitFor();
  await seller.goto(`${BASE}/ucet/zpravy`);
  await seller.getByTestId("thread-row").first().click();
  await seller.getByTestId("thread-view").waitFor();
  const threadId = Number(new URL(seller.url()).pathname.split("/").pop());
  const openForm = async (page: Page) => {
    await page.getByTestId("payment-request-open").click();
  };
  await shoot(seller, "form", threadId, openForm);
  await shoot(seller, "form-refused", threadId, async (page) => {
    await openForm(page);
    await page.getByTestId("payment-request-price").fill("abc");
    await page.getByTestId("payment-request-carrier").selectOption("pickup");
    await page.getByTestId("payment-request-submit").click();
    await page.locator("#request-price-error").waitFor();
  });
  await seller.goto(`${BASE}/ucet/zpravy/${threadId}`);
  await openForm(seller);
  await seller.getByTestId("payment-request-price").fill("1500");
  await seller.getByTestId("payment-request-deliveryPrice").fill("89");
  await seller.getByTestId("payment-request-submit").click();
  await seller.getByTestId("payment-request").waitFor();
  await shoot(buyer, "buyer-open", threadId);
  await shoot(seller, "seller-open", threadId);
  await buyer.goto(`${BASE}/ucet/zpravy/${threadId}`);
  await buyer.getByTestId("payment-request-accept").click();
  await buyer.getByTestId("deal-status").waitFor();
  await shoot(seller, "accepted", threadId);
} finally {
  await browser.close();
}
