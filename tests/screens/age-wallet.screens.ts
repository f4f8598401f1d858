/**
 * Screenshots of the EU test wallet's pages (ADR 0084) at 375, 768 and 1280 px (not part of the
 * test suite): the request with its choices, the page handing the response to the verifier (shot
 * without JavaScript, where its "Pokračovat" button is what the person presses) and the error page
 * of a malformed request. Starts its own simulator; nothing else needs to run:
 *
 *   node tests/screens/age-wallet.screens.ts
 *
 * PNGs go to /tmp/screens/age-wallet-<what>-<width>.png.
 */
import fs from "node:fs";
import { buildAgeRequest } from "../../server/adapters/age-wallet/request.ts";
import { startAgeWalletSimulator } from "../../server/adapters/age-wallet/simulator/server.ts";
import { launchScreensBrowser } from "./browser.ts";

const OUT = process.env.SCREENS_OUT ?? "/tmp/screens";
// Nobody listens there: the response page is shot before it is sent.
const CALLBACK = "http://localhost:3424/api/age-check/callback/eu_wallet";

fs.mkdirSync(OUT, { recursive: true });
const simulator = await startAgeWalletSimulator({ port: 0 });
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const { redirectUrl } = buildAgeRequest(
      { walletUrl: simulator.authorizeUrl, clientId: undefined },
      { state: "screens", callbackUrl: CALLBACK },
    );
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: "cs-CZ",
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(redirectUrl);
    await page.getByRole("heading", { name: /Žádost o ověření věku/ }).waitFor();
    await page.screenshot({ path: `${OUT}/age-wallet-request-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: /Předložit/ }).click();
    await page.getByRole("button", { name: /Pokračovat/ }).waitFor();
    await page.screenshot({ path: `${OUT}/age-wallet-response-${width}.png`, fullPage: true });
    const broken = new URL(redirectUrl);
    broken.searchParams.set("response_mode", "fragment");
    broken.searchParams.delete("nonce");
    await page.goto(broken.href);
    await page.getByRole("alert").waitFor();
    await page.screenshot({ path: `${OUT}/age-wallet-error-${width}.png`, fullPage: true });
    await context.close();
  }
} finally {
  await browser.close();
  await simulator.stop();
}
