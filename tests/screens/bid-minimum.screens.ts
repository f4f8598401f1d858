/**
 * Screenshots of the auction box's "Přihodit minimum (nejvýše X)" at 375, 768 and 1280 px (not
 * part of the test suite): the box before a bid, the binding confirmation that names the ceiling,
 * the accepted bid, and the refusal once the minimum has passed the ceiling. Against a server
 * started with E2E_DIAGNOSTICS=1 (e.g. `E2E_PORT=3202 BUILD_DIR=<yours> node scripts/e2e-server.ts`):
 *
 *   SCREENS_URL=http://localhost:3202 node tests/screens/bid-minimum.screens.ts
 *
 * PNGs go to /tmp/screens/bid-minimum-<width>-<state>.png.
 */
import fs from "node:fs";
import { launchScreensBrowser, postDiagnostics, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3202";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const RIVAL = { email: "novacek@rarita.test", password: "demo-novacek" };

fs.mkdirSync(OUT, { recursive: true });

const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const auction = await postDiagnostics(BASE, "/__diagnostics/auction", {
      sellerEmail: "prodejce@rarita.test",
      startPriceMinor: 250_000,
      endsInSeconds: 3 * 3600,
      name: `Appleton Estate 21 let, 0,7 l (${width})`,
    });
    const buyer = await signedIn(browser, BASE, width, BUYER);
    const rival = await signedIn(browser, BASE, width, RIVAL);
    const shot = async (page: typeof buyer.page, state: string) => {
      await page.waitForTimeout(300);
      await page
        .getByTestId("auction-panel")
        .screenshot({ path: `${OUT}/bid-minimum-${width}-${state}.png` });
    };
    for (const { page } of [buyer, rival]) {
      await page.goto(`${BASE}${auction.url}`);
      await page.getByTestId("auction-live").and(page.locator("[data-state=open]")).waitFor();
    }
    await shot(buyer.page, "before");
    await buyer.page.getByTestId("bid-minimum").click();
    await buyer.page.getByTestId("bid-confirm").waitFor();
    await shot(buyer.page, "confirm");
    await buyer.page.getByTestId("bid-confirm-submit").click();
    await buyer.page.getByTestId("bid-leading").waitFor();
    await shot(buyer.page, "leading");

    // The rival's page now offers at most 2 600 Kč; the buyer's raised maximum then answers the
    // rival's 2 600 Kč at 2 650, and the 2 600 Kč the page offered is below the new minimum.
    const ceiling = rival.page.locator("[data-testid=bid-minimum][data-ceiling-minor='260000']");
    await ceiling.waitFor();
    await buyer.page.getByTestId("bid-new-max").fill("2700");
    await buyer.page.getByTestId("bid-submit").click();
    await buyer.page.getByTestId("bid-confirm-submit").click();
    await buyer.page
      .getByTestId("bid-leading")
      .getByText(/2\s700/)
      .waitFor();
    const offered = await ceiling.getAttribute("data-ceiling-minor");
    await rival.page.getByTestId("bid-amount").fill("2600");
    await rival.page.getByTestId("bid-submit").click();
    await rival.page.getByTestId("bid-confirm-submit").click();
    await rival.page.getByTestId("bid-outbid").waitFor();
    // Post the ceiling the page showed before the last bids moved the minimum.
    await rival.page.evaluate((ceiling) => {
      const field = document.querySelector<HTMLInputElement>(
        "[data-testid=bid-minimum-form] input[name=notAboveMinor]",
      );
      if (field && ceiling) field.value = ceiling;
    }, offered);
    await rival.page.getByTestId("bid-minimum").click();
    await rival.page.getByTestId("bid-minimum-form").getByTestId("bid-error").waitFor();
    await shot(rival.page, "refused");
    await buyer.page.context().close();
    await rival.page.context().close();
  }
} finally {
  await browser.close();
}
