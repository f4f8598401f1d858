/**
 * Screenshots of money and texts at 375, 768 and 1280 px (not part of the test suite): the auction
 * block with EUR chosen (crowns first, ≈ euro as a hint, also while typing), a category page in
 * EUR (Czech spelling `297,62 €`), the newsletter's success text and the welcome page after
 * registration with its "send again" form. Run against a server started with E2E_DIAGNOSTICS=1
 * (scripts/e2e-server.ts; the auction is made through /__diagnostics/auction):
 *
 *   SCREENS_URL=http://localhost:3650 node tests/screens/money.screens.ts
 *
 * PNGs go to /tmp/screens/money-<width>-<state>.png.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3650";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };

fs.mkdirSync(OUT, { recursive: true });

const currencies = (await (await fetch(`${BASE}/api/lists/currencies`)).json()) as {
  id: number;
  code: string;
}[];
const euroId = String(currencies.find((currency) => currency.code === "EUR")!.id);
const euroCookie = { name: "currencyId", value: euroId, domain: new URL(BASE).hostname, path: "/" };

async function shot(page: Page, width: number, state: string, fullPage = false) {
  await page.waitForTimeout(300);
  const file = `${OUT}/money-${width}-${state}.png`;
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const created = await fetch(`${BASE}/__diagnostics/auction`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sellerEmail: "prodejce@rarita.test",
        startPriceMinor: 510_000,
        endsInSeconds: 3 * 3600,
        name: `Hampden 8 let, 46 %, 0,7 l (${width})`,
      }),
    });
    const auction = (await created.json()) as { url: string };

    // The auction block in euro: crowns first, the euro amounts as hints.
    const buyer = await signedIn(browser, BASE, width, BUYER);
    await buyer.page.context().addCookies([euroCookie]);
    await buyer.page.goto(`${BASE}${auction.url}`);
    await buyer.page.getByTestId("auction-live").and(buyer.page.locator("[data-state=open]")).waitFor();
    await buyer.page.getByTestId("bid-amount").fill("6000");
    await buyer.page.getByTestId("bid-form").getByText("Přihazovat automaticky").click();
    await buyer.page.getByTestId("bid-max").fill("8000");
    await buyer.page
      .getByTestId("auction-panel")
      .screenshot({ path: `${OUT}/money-${width}-auction-eur.png` });
    console.log(`${OUT}/money-${width}-auction-eur.png`);
    await buyer.page.getByTestId("bid-submit").click();
    await buyer.page.getByTestId("bid-confirm").waitFor();
    await buyer.page
      .getByTestId("auction-panel")
      .screenshot({ path: `${OUT}/money-${width}-auction-eur-confirm.png` });
    await buyer.page.context().close();

    // A category page in euro.
    const guest = await answeredContext(browser, BASE, width);
    await guest.addCookies([euroCookie]);
    const page = await guest.newPage();
    await page.goto(`${BASE}/denni-aukce`);
    await page.getByTestId("product-card").first().waitFor();
    await shot(page, width, "category-eur");

    // The newsletter's success text.
    await page.goto(`${BASE}/`);
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Váš e-mail").fill(`screens.${width}.${Date.now()}@example.cz`);
    await form.getByRole("button", { name: "Odebírat" }).click();
    const dialog = page.getByRole("dialog", { name: "Co vás zajímá?" });
    await dialog.getByRole("checkbox", { name: "Rum", exact: true }).check();
    await dialog.getByRole("button", { name: "Uložit" }).click();
    await page.getByTestId("snackbars").locator("li").first().waitFor();
    await shot(page, width, "newsletter-saved");

    // The welcome page after registration, then its "send again" answer.
    await page.goto(`${BASE}/registrace/dekujeme`);
    await shot(page, width, "welcome", true);
    await page.getByTestId("welcome-resend").getByRole("textbox").fill("nikdo@example.cz");
    await page.getByTestId("welcome-resend").getByRole("button", { name: "Poslat znovu" }).click();
    await page.getByTestId("welcome-resend-sent").waitFor();
    await shot(page, width, "welcome-sent", true);
    await guest.close();
  }
} finally {
  await browser.close();
}
