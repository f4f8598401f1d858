/**
 * Screenshots of the account overview, newsletters, verified account and logged-in devices pages
 * at 375, 768 and 1280 px (not part of the test suite), plus the verification page after a code
 * was sent and a wrong one entered. Run against a running server:
 *
 *   SCREENS_URL=http://localhost:3212 node tests/screens/account-security.screens.ts
 *
 * PNGs go to /tmp/screens/acctsec-<page>-<width>.png.
 */
import fs from "node:fs";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3212";
const OUT = "/tmp/screens";
const ACCOUNT = {
  email: process.env.SCREENS_EMAIL ?? "kupec@rarita.test",
  password: process.env.SCREENS_PASSWORD ?? "demo-kupec",
};
const PAGES = {
  overview: "/ucet/prehled",
  newsletters: "/ucet/newslettery",
  verification: "/ucet/overeny-ucet",
  sessions: "/ucet/prihlasena-zarizeni",
};

fs.mkdirSync(OUT, { recursive: true });
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, ACCOUNT);
    await page.waitForURL(`${BASE}/ucet/prehled`);
    for (const [name, path] of Object.entries(PAGES)) {
      await page.goto(`${BASE}${path}`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${OUT}/acctsec-${name}-${width}.png`, fullPage: true });
    }
    if (width === 375) {
      // The verification steps: a code sent, then a wrong one.
      await page.goto(`${BASE}${PAGES.verification}`);
      const send = page.getByRole("button", { name: /Poslat (nový )?kód/ });
      if (await send.isVisible()) {
        await send.click();
        await page.getByTestId("verification-code").fill("000000");
        await page.getByRole("button", { name: "Ověřit účet" }).click();
        await page.getByTestId("verification-error").waitFor();
        await page.screenshot({ path: `${OUT}/acctsec-verification-wrong-${width}.png`, fullPage: true });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
