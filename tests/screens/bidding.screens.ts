/**
 * Screenshots of the live auction block and of My bids at 375, 768 and 1280 px (not part of the
 * test suite). Run against a server started with E2E_DIAGNOSTICS=1 (it creates its auctions
 * through /__diagnostics/auction):
 *
 *   SCREENS_URL=http://localhost:3222 node tests/screens/bidding.screens.ts
 *
 * PNGs go to /tmp/screens/bidding-<width>-<state>.png: the block before a bid, the confirmation,
 * leading, outbid (seen live by the other bidder), the page after the close, and My bids.
 * (The page's live stream never lets the network go idle: waits are on elements.)
 */
import fs from "node:fs";
import { launchScreensBrowser, postDiagnostics, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3222";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const RIVAL = { email: "novacek@rarita.test", password: "demo-novacek" };

fs.mkdirSync(OUT, { recursive: true });

const post = (path: string, body: object) => postDiagnostics(BASE, path, body);

const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const auction = await post("/__diagnostics/auction", {
      sellerEmail: "prodejce@rarita.test",
      startPriceMinor: 250_000,
      endsInSeconds: 3 * 3600,
      name: `Appleton Estate 21 let, 0,7 l (${width})`,
    });
    const buyer = await signedIn(browser, BASE, width, BUYER);
    const rival = await signedIn(browser, BASE, width, RIVAL);
    const shot = async (page: typeof buyer.page, state: string, full = false) => {
      await page.waitForTimeout(300);
      if (full) await page.screenshot({ path: `${OUT}/bidding-${width}-${state}.png`, fullPage: true });
      else
        await page.getByTestId("auction-panel").screenshot({ path: `${OUT}/bidding-${width}-${state}.png` });
    };

    await buyer.page.goto(`${BASE}${auction.url}`);
    await rival.page.goto(`${BASE}${auction.url}`);
    await buyer.page.getByTestId("auction-live").and(buyer.page.locator("[data-state=open]")).waitFor();
    await shot(buyer.page, "before", true);

    const form = buyer.page.getByTestId("bid-form");
    await form.getByText("Přihazovat automaticky").click();
    await buyer.page.getByTestId("bid-max").fill("3000");
    await buyer.page.getByTestId("bid-submit").click();
    await buyer.page.getByTestId("bid-confirm").waitFor();
    await shot(buyer.page, "confirm");
    await buyer.page.getByTestId("bid-confirm-submit").click();
    await buyer.page.getByTestId("bid-leading").waitFor();
    await shot(buyer.page, "leading");

    await rival.page.getByTestId("bid-amount").fill("3200");
    await rival.page.getByTestId("bid-submit").click();
    await rival.page.getByTestId("bid-confirm-submit").click();
    await rival.page.getByTestId("bid-leading").waitFor();
    await buyer.page.getByTestId("bid-outbid").waitFor();
    await shot(buyer.page, "outbid");
    await buyer.page.getByTestId("bid-amount").fill("3000");
    await buyer.page.getByTestId("bid-submit").click();
    await buyer.page.getByTestId("bid-error").waitFor();
    await shot(buyer.page, "refused");
    await buyer.page.getByTestId("bid-history").locator("summary").click();
    await buyer.page.getByTestId("bid-history").screenshot({ path: `${OUT}/bidding-${width}-history.png` });

    await post(`/__diagnostics/auction/${auction.id}`, { endsInSeconds: 2 });
    await rival.page.getByTestId("bid-won").waitFor({ timeout: 20_000 });
    await shot(rival.page, "won");
    await buyer.page.getByTestId("bid-lost").waitFor({ timeout: 20_000 });
    await shot(buyer.page, "lost");

    await buyer.page.goto(`${BASE}/ucet/aukce`);
    await buyer.page.getByTestId("my-bids-page").waitFor();
    await shot(buyer.page, "my-bids", true);
    await rival.page.goto(`${BASE}/ucet/aukce`);
    await rival.page.getByTestId("my-bids-page").waitFor();
    await shot(rival.page, "my-bids-rival", true);
    await buyer.context.close();
    await rival.context.close();
  }
} finally {
  await browser.close();
}
