/**
 * Screenshots of "Napsat prodávajícímu" and the account navigation at 375, 768 and 1280 px (not
 * part of the test suite): a live and an ended auction for a buyer, the seller's profile with the
 * button, the profile's message form, the account sidebar and the header's account menu. Run
 * against a server started with E2E_DIAGNOSTICS=1 (scripts/e2e-server.ts):
 *
 *   SCREENS_URL=http://localhost:3750 node tests/screens/contact-seller.screens.ts
 *
 * PNGs go to /tmp/screens/contact-<width>-<state>.png.
 */
import fs from "node:fs";
import { launchScreensBrowser, postDiagnostics, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3750";
const OUT = "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };

fs.mkdirSync(OUT, { recursive: true });

const post = (path: string, body: object) => postDiagnostics(BASE, path, body);

const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const live = await post("/__diagnostics/auction", {
      sellerEmail: "prodejce@rarita.test",
      startPriceMinor: 250_000,
      endsInSeconds: 3 * 3600,
      name: `Appleton Estate 21 let, 0,7 l (${width})`,
    });
    const ended = await post("/__diagnostics/auction", {
      sellerEmail: "prodejce@rarita.test",
      startPriceMinor: 180_000,
      endsInSeconds: 3600,
      name: `Havana Club Máximo (${width})`,
    });
    await post(`/__diagnostics/auction/${ended.id}`, { endsInSeconds: 1 });
    const { context, page } = await signedIn(browser, BASE, width, BUYER);

    await page.goto(`${BASE}${live.url}`);
    await page.getByTestId("auction-panel").waitFor();
    await page.screenshot({ path: `${OUT}/contact-${width}-auction-live.png`, fullPage: false });
    await page.getByTestId("seller-card").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/contact-${width}-auction-live-seller.png` });

    // The close job decides the ended one within seconds.
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.goto(`${BASE}${ended.url}`);
      if ((await page.getByTestId("product-page").getAttribute("data-status")) === "ended") break;
      await page.waitForTimeout(1000);
    }
    await page.getByTestId("seller-card").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/contact-${width}-auction-ended.png` });

    await page.getByTestId("seller-link").click();
    await page.getByTestId("profile-contact").waitFor();
    await page.screenshot({ path: `${OUT}/contact-${width}-profile.png` });
    await page.getByTestId("profile-contact").getByRole("link").click();
    await page.getByTestId("contact-user-page").waitFor();
    await page.screenshot({ path: `${OUT}/contact-${width}-profile-form.png`, fullPage: true });

    await page.goto(`${BASE}/ucet/hodnoceni`);
    await page.getByTestId("account-sidebar").waitFor();
    const toggle = page.getByTestId("account-sidebar-toggle");
    if (await toggle.isVisible()) await toggle.click();
    await page.screenshot({ path: `${OUT}/contact-${width}-sidebar.png`, fullPage: true });

    await page.goto(`${BASE}/`);
    await page.waitForFunction(() => Symbol.for("rarita.progressFetch") in window.fetch);
    await page.getByTestId("account-trigger").click();
    await page.getByTestId("account-link-accountWatchdogs").waitFor();
    await page.screenshot({ path: `${OUT}/contact-${width}-account-menu.png` });
    await context.close();
  }
} finally {
  await browser.close();
}
